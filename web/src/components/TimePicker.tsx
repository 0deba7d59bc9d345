import { PickerField, type PickerProps } from "./PickerField.tsx";
import { toTimeInputValue } from "./picker-values.ts";

/** `value` is "HH:MM"; an ISO timestamp is reduced to HH:MM. */
export type TimePickerProps = PickerProps;

export function TimePicker(props: TimePickerProps) {
  return <PickerField {...props} type="time" placeholder="Select time" normalize={toTimeInputValue} />;
}
