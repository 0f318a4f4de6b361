import { memo, useRef } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
// TextArea alone: antd/es/input also brings Search, Password and OTP to the page's first load.
import TextArea from 'antd/es/input/TextArea';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { Curve, CsrSource, Encryption, KeyOptions, RsaKeyLength, Signature } from '@cc/domain/key-options';
import type { ParsedCsr } from '../../../lib/pki-worker/client.ts';
import { usePurchaseT } from '../i18n.ts';
import type { KeyChoices } from '../lib/product-choice.ts';
import { fieldStatus } from './field-status.tsx';

export interface CsrFieldsProps {
  mode: 'single' | 'batch';
  csrFrom: CsrSource;
  csrError: string | null;
  keyOpts: KeyOptions;
  /** The key options in force (chooseKey). */
  keyChoice: KeyChoices;
  pasteText: string;
  /** The first readable request of the paste box or the zip, and how many are readable. */
  firstCsr: Extract<ParsedCsr, { ok: true }> | undefined;
  readableCount: number;
  zipCount: number;
  zipName: string;
  onCsrFrom: (s: CsrSource) => void;
  onEncryption: (v: Encryption) => void;
  onKeyLength: (v: RsaKeyLength) => void;
  onCurve: (v: Curve) => void;
  onSignature: (v: Signature) => void;
  onPaste: (text: string) => void;
  onPasteBlur: () => void;
  onZip: (file: File | undefined) => void;
  onZipRemove: () => void;
}

/** Order form step 6 (§2): where the request comes from, with the key options, the paste box or the zip upload. */
export const CsrFields = memo(function CsrFields(p: CsrFieldsProps) {
  const { t } = usePurchaseT();
  const zipInput = useRef<HTMLInputElement>(null);
  const { keyOpts, mode, csrFrom, firstCsr } = p;
  const { encryption, keyLength: keyLen, curve: keyCurve, signature: sig } = p.keyChoice;
  return (
    <Form.Item label={t('buy.csrSource')} {...fieldStatus(p.csrError, 'csr')}>
      <Radio.Group
        optionType="button"
        value={csrFrom}
        onChange={(e) => p.onCsrFrom(e.target.value as CsrSource)}
        options={(mode === 'batch' ? (['create', 'paste', 'zip'] as const) : (['create', 'paste'] as const)).map((s) => ({ value: s, label: <span data-testid={`csr-${s}`}>{t(`csrFrom.${s}`)}</span> }))}
      />
      {csrFrom === 'create' ? (
        <div style={{ marginTop: 12 }} data-testid="key-options">
          <Flex gap={12} wrap align="center">
            <Select aria-label={t('buy.encryption')} value={encryption} disabled={keyOpts.fixed} onChange={(v: Encryption) => p.onEncryption(v)} options={keyOpts.encryptions.map((v) => ({ value: v, label: v }))} style={{ width: 100 }} data-testid="key-encryption" />
            {encryption === 'RSA' ? (
              <Select aria-label={t('buy.keyLength')} value={keyLen} disabled={keyOpts.fixed} onChange={(v: RsaKeyLength) => p.onKeyLength(v)} options={keyOpts.keyLengths.map((v) => ({ value: v, label: `RSA ${v}` }))} style={{ width: 130 }} data-testid="key-length" />
            ) : (
              <Select aria-label={t('buy.curve')} value={keyCurve} disabled={keyOpts.fixed} onChange={(v: Curve) => p.onCurve(v)} options={keyOpts.curves.map((v) => ({ value: v, label: v }))} style={{ width: 130 }} data-testid="key-curve" />
            )}
            <Select aria-label={t('buy.signature')} value={sig} disabled={keyOpts.fixed && keyOpts.signatures.length === 1} onChange={(v: Signature) => p.onSignature(v)} options={keyOpts.signatures.map((v) => ({ value: v, label: v }))} style={{ width: 120 }} data-testid="key-signature" />
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
            {keyOpts.fixed ? `${t('buy.keyFixed')}. ` : ''}
            {t('buy.keyKept')}
          </Typography.Paragraph>
        </div>
      ) : csrFrom === 'paste' ? (
        <div style={{ marginTop: 12 }}>
          <TextArea
            data-testid="csr-paste-box"
            value={p.pasteText}
            onChange={(e) => p.onPaste(e.target.value)}
            onBlur={p.onPasteBlur}
            placeholder={mode === 'batch' ? t('buy.batchPastePlaceholder') : t('buy.pastePlaceholder')}
            style={{ height: 350, fontFamily: 'monospace', fontSize: 12 }}
          />
          {firstCsr ? (
            <Typography.Text type="success" data-testid="csr-read">
              {mode === 'batch' ? t('buy.csrReadMany', { n: p.readableCount }) : t('buy.csrRead', { cn: firstCsr.commonName, key: firstCsr.keyText })}
            </Typography.Text>
          ) : null}
        </div>
      ) : (
        <div style={{ marginTop: 12 }}>
          <input ref={zipInput} type="file" accept=".zip,application/zip" style={{ display: 'none' }} data-testid="zip-input" onChange={(e) => { p.onZip(e.target.files?.[0]); e.target.value = ''; }} />
          <Flex gap={8} align="center" wrap>
            <Button icon={<UploadOutlined />} onClick={() => zipInput.current?.click()} data-testid="zip-upload">
              {t('buy.zipUpload')}
            </Button>
            {p.zipCount ? (
              <>
                <Typography.Text data-testid="zip-count">
                  {p.zipName}: {t('buy.csrReadMany', { n: p.zipCount })}
                </Typography.Text>
                <Button size="small" type="link" onClick={p.onZipRemove}>
                  {t('buy.zipRemove')}
                </Button>
              </>
            ) : null}
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
            {t('buy.zipHint')}
          </Typography.Paragraph>
        </div>
      )}
    </Form.Item>
  );
});
