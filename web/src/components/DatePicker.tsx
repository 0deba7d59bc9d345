import { PickerField, type PickerProps } from "./PickerField.tsx";
import { toDateInputValue } from "./picker-values.ts";

/** `value` is "YYYY-MM-DD"; an ISO timestamp is reduced to its date. */
export type DatePickerProps = PickerProps;

export function DatePicker(props: DatePickerProps) {
  return <PickerField {...props} type="date" placeholder="Select date" normalize={toDateInputValue} />;
}
