import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** The end of a suspension: a day and time from today on (empty: until an operator lifts it). */
export function SuspendUntilPicker({ id, value, onChange }: { id: string; value: Dayjs | null; onChange: (value: Dayjs | null) => void }) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value}
      onChange={onChange}
      disabledDate={(d) => d.isBefore(dayjs(), 'day')}
    />
  );
}
