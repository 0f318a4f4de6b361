/** A Form.Item's error look: red, with the message under the field (testid error-{field}); nothing when no error is shown. */
export function fieldStatus(error: string | null, field: string) {
  return error ? { validateStatus: 'error' as const, help: <span data-testid={`error-${field}`}>{error}</span> } : {};
}
