import { memo, useState, type ClipboardEvent, type FormEvent } from 'react';
// TextArea alone: antd/es/input also brings Search, Password and OTP to the page's first load.
import TextArea from 'antd/es/input/TextArea';
import { boxRows, isLongPaste } from '../lib/order-form.ts';

export interface LineBoxProps {
  testId: string;
  label: string;
  /** The text it starts with; the box owns its text from then on (remount it, with a key, to put other text in). */
  initial: string;
  placeholder: string;
  minRows: number;
  maxRows: number;
  /** Every change, as typed. The page may take it in a transition: the box has already shown it. */
  onChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * A box of one entry a line that grows with its lines, from minRows to maxRows, then scrolls.
 *
 * It keeps its own text (uncontrolled), so a key re-renders this box alone: the screen around it (checking hundreds of lines,
 * their errors, the preview) follows in a render that can wait. Its height is counted from the lines rather than
 * measured (antd's autoSize copies the whole text into a hidden box and lays it out on every key: hundreds of
 * milliseconds with 500 lines); names do not wrap at this width.
 */
export const LineBox = memo(function LineBox({ testId, label, initial, placeholder, minRows, maxRows, onChange, onBlur }: LineBoxProps) {
  const [rows, setRows] = useState(() => boxRows(initial, minRows, maxRows));
  return (
    <TextArea
      data-testid={testId}
      aria-label={label}
      defaultValue={initial}
      // onInput, not onChange: antd's onChange hands over a clone of the box, whole text included, on every key.
      onInput={(e: FormEvent<HTMLTextAreaElement>) => {
        const v = e.currentTarget.value;
        setRows(boxRows(v, minRows, maxRows));
        onChange(v);
      }}
      onPaste={(e: ClipboardEvent<HTMLTextAreaElement>) => {
        const text = e.clipboardData.getData('text/plain');
        if (!isLongPaste(text)) return;
        // Hundreds of lines: into the text at once (see isLongPaste), then the box and the screen follow as after a key.
        e.preventDefault();
        const box = e.currentTarget;
        box.setRangeText(text.replace(/\r\n?/g, '\n'), box.selectionStart, box.selectionEnd, 'end');
        box.dispatchEvent(new Event('input', { bubbles: true }));
      }}
      onBlur={onBlur}
      placeholder={placeholder}
      // Names, not words: no spelling marks under each line, no capital or correction on a phone's keyboard.
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      rows={rows}
      style={{ resize: 'none' }}
    />
  );
});
