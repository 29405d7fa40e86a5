/** Escapes LIKE wildcards so user text matches literally. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** numeric columns come back from pg as strings; the API speaks numbers. */
export const fromNumeric = (value: string | null | undefined): number | null => (value == null ? null : Number(value));

export const toNumeric = (value: number | null | undefined): string | null => (value == null ? null : String(value));

/** Two-decimal money rounding. */
export const roundMoney = (value: number): number => Math.round(value * 100) / 100;
