import type { ReactNode } from 'react';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import type { NamePath } from 'antd/es/form/interface';
import Modal from 'antd/es/modal';
import { validValues } from '../../../lib/form.ts';
import { ApiError, fieldErrors } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { usePurchaseT } from '../i18n.ts';

/** What a record's add / edit dialog takes (ContactDialog, OrgDialog). */
export interface RecordDialogProps<T> {
  open: boolean;
  /** The record being edited; null adds one. The caller clears it on close (doc 02 §2). */
  editing: T | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** A save mutation: with an id it updates, without it creates (doc 02 §2). */
interface SaveMutation<V> {
  mutateAsync: (input: V & { id?: number }) => Promise<{ id: number }>;
  isPending: boolean;
}

interface Props<V> extends RecordDialogProps<{ id: number }> {
  title: string;
  width?: number;
  /** The form's test id; the OK button's is the same with `-ok` (contact-dialog-ok, org-dialog-ok). */
  testId: string;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  save: SaveMutation<V>;
  children: ReactNode;
}

/**
 * The OK handler of an add / edit dialog: validate, save, toast, hand the saved id on and close. On failure the
 * dialog stays open with the server's field errors on their fields, beside a notice. A validation failure
 * stops before anything is sent, leaving antd's own field messages to speak.
 */
function useSaveSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<{ id: number }>, { adding, onSaved, onClose }: { adding: boolean; onSaved?: (id: number) => void; onClose: () => void }) {
  const { t } = usePurchaseT();
  return async () => {
    const values = await validValues(form);
    if (!values) return;
    try {
      const saved = await save(values);
      toast.success(adding ? t('common.addSuccess') : t('common.saveSuccess'));
      onSaved?.(saved.id);
      onClose();
    } catch (e) {
      // The server names its fields as the form does, so each error lands under its input.
      if (e instanceof ApiError) form.setFields(Object.entries(fieldErrors(e)).map(([name, text]) => ({ name: name as NamePath<V>, errors: [text] })));
      toast.notice('error', t('common.opFailed'), adding ? t('common.addFailed') : t('common.saveFailed'));
    }
  };
}

/** An add / edit dialog around the caller's form fields: OK adds or saves the record, cancel closes. */
export function SaveDialog<V>({ open, editing, onClose, onSaved, title, width, testId, form, initialValues, save, children }: Props<V>) {
  const { t } = usePurchaseT();
  const adding = !editing;
  const submit = useSaveSubmit(form, (values) => save.mutateAsync({ ...values, id: editing?.id }), { adding, onSaved, onClose });
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={adding ? t('common.add') : t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${testId}-ok` } as Record<`data-${string}`, string>}
    >
      {/* The body is destroyed when hidden and keyed by record, and clearOnDestroy empties the kept form store
          (it would otherwise win over initialValues), so each opening starts from its record's values. Resetting
          in an effect instead raced with the first keystrokes. */}
      <Form form={form} layout="vertical" validateTrigger={['onChange', 'onBlur']} data-testid={testId} preserve={false} clearOnDestroy initialValues={initialValues} key={editing?.id ?? 'new'}>
        {children}
      </Form>
    </Modal>
  );
}
