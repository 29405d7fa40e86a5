import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, type FieldProps } from './field';
import { Input } from './input';

export interface NumberFieldProps extends Omit<FieldProps, 'children'> {
  /** What react-hook-form's `register` returns for the field. */
  registration: UseFormRegisterReturn;
  /** Amounts and percentages: a decimal keypad and any step; otherwise whole numbers. */
  decimal?: boolean;
  min?: number;
  max?: number;
  step?: number;
}

/** A labelled number input of a form: the keypad phones should show, its bounds, its error. */
export function NumberField({ registration, decimal = false, min, max, step, ...field }: NumberFieldProps) {
  return (
    <Field {...field}>
      <Input
        type="number"
        inputMode={decimal ? 'decimal' : 'numeric'}
        min={min}
        max={max}
        step={decimal ? 'any' : step}
        {...registration}
      />
    </Field>
  );
}
