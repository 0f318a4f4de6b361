import { lazy, Suspense, useState } from 'react';
// Input alone: antd/es/input also brings Search, Password, OTP and TextArea to the page's first load.
import Input from 'antd/es/input/Input';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import type { RangePickerProps } from 'antd/es/date-picker';

const RangePicker = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })));

export type LazyRangePickerProps = Omit<RangePickerProps, 'placeholder' | 'style' | 'autoFocus'> & {
  placeholder: [string, string];
  /** Both the stand-in and the picker take it, so the row does not move when one replaces the other. */
  width: number;
  'data-testid'?: string;
};

/**
 * antd's range picker, a large part of a list page's code, loaded when the user reaches for it (pointer over, touch,
 * focus) rather than with the page: until then a box of the same size and look. A focus or touch opens the real one
 * as soon as it is there, whenever its code arrives (before or after the press: its open state is held here, not
 * given once at its mount). A picker that opens with a value loads at once.
 */
export function LazyRangePicker({ width, placeholder, 'data-testid': testId, onOpenChange, ...props }: LazyRangePickerProps) {
  const [wanted, setWanted] = useState(props.value != null || props.defaultValue != null);
  // Only a press or a focus on the stand-in opens it before its code is there: autoFocus (read at mount) follows it.
  const [open, setOpen] = useState(false);
  const reach = () => {
    setWanted(true);
    setOpen(true);
  };
  const standIn = (
    <Input
      readOnly
      style={{ width }}
      placeholder={`${placeholder[0]} → ${placeholder[1]}`}
      aria-label={`${placeholder[0]} – ${placeholder[1]}`}
      suffix={<CalendarOutlined />}
      data-testid={testId}
      onPointerEnter={() => setWanted(true)}
      onPointerDown={reach}
      onFocus={reach}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RangePicker
        {...props}
        data-testid={testId}
        placeholder={placeholder}
        style={{ width }}
        autoFocus={open}
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          onOpenChange?.(o);
        }}
      />
    </Suspense>
  );
}
