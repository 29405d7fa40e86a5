import { forwardRef } from 'react';
import { CURRENCIES } from '@recruitdesk/contracts/settings-constants';
import { Select, type SelectProps } from './select';

export interface CurrencySelectProps extends Omit<SelectProps, 'children'> {
  /** A code the record already holds: offered first when it is not one of the usual currencies. */
  including?: string;
  /** What the empty code reads as, where one is offered ("Agency's"). */
  blankLabel?: string;
}

/** The currencies a form offers, as a native select (react-hook-form's `register` spreads onto it). */
export const CurrencySelect = forwardRef<HTMLSelectElement, CurrencySelectProps>(function CurrencySelect(
  { including, blankLabel, ...props },
  ref,
) {
  const codes: readonly string[] =
    including === undefined || (CURRENCIES as readonly string[]).includes(including)
      ? CURRENCIES
      : [including, ...CURRENCIES];
  return (
    <Select ref={ref} {...props}>
      {codes.map((code) => (
        <option key={code} value={code}>
          {code || blankLabel}
        </option>
      ))}
    </Select>
  );
});
