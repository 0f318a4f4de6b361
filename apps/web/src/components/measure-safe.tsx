import { useContext, type ReactNode } from 'react';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';

/**
 * A table header's content that stays out of reach in antd's measure row. With `scroll.x`, antd draws every column
 * title a second time inside an aria-hidden row to measure widths; a focusable title there (the selection column's
 * "select all" checkbox) is a control that keyboards reach but assistive technology is told is absent. There the copy
 * is inert: it keeps its width, and loses its focus.
 */
export function MeasureSafe({ children }: { children: ReactNode }) {
  const measuring = useContext(TableMeasureRowContext);
  return measuring ? <span inert>{children}</span> : children;
}
