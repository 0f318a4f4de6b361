import { memo } from 'react';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { BrandOption } from '@cc/domain/pricing';
import { productNameFor } from '@cc/domain/product-name';
import { formatValidity, needsValidityNote, validityNote } from '@cc/domain/terms';
import type { ProductsAnswer } from '../../../lib/api/get-products.ts';
import { usePurchaseT } from '../i18n.ts';
import { fieldStatus } from './field-status.tsx';

type Product = ProductsAnswer['data'][number];
type T = ReturnType<typeof usePurchaseT>['t'];

/** "1 year", "90 days": a term in the words of the product list. */
export const termText = (t: T, n: number) => {
  const v = formatValidity(n);
  return t(v.unit === 'day' ? 'products.day' : 'products.year', { count: v.value });
};

export interface ProductFieldsProps {
  brands: readonly BrandOption[];
  brand: string | null;
  certTypes: readonly string[];
  certType: string | null;
  typeProducts: readonly Product[];
  product: Product | null;
  terms: readonly number[];
  term: number;
  productError: string | null;
  termError: string | null;
  onBrand: (brand: string) => void;
  onCertType: (certType: string) => void;
  onProduct: (productNo: string) => void;
  onTerm: (term: number) => void;
  /** The server's day (YYYY-MM-DD): the validity note reads the rules table for it. */
  rulesOn: string;
}

/** Today's longest TLS validity and the next change (the rules table), as an alert the screen reader announces. */
function ValidityNote({ msg, on }: { msg: (key: string, params?: Record<string, string | number>) => string; on: string }) {
  const note = validityNote(on);
  return <Alert style={{ marginTop: 8 }} type="info" showIcon role="note" title={msg(note.key, note.params)} data-testid="validity-note" />;
}

/** Order form steps 1 to 4 (§2): brand, certificate type, product, term. */
export const ProductFields = memo(function ProductFields(p: ProductFieldsProps) {
  const { t, msg, lang } = usePurchaseT();
  const { brands, brand, product } = p;
  const shownBrands = brands.filter((b) => b.show);
  const moreBrands = brands.filter((b) => !b.show);
  const brandInfo = brands.find((b) => b.value === brand);
  const productType = product?.productType ?? '';
  return (
    <>
      {/* 1. brand */}
      <Form.Item label={t('buy.brand')} extra={brandInfo ? (lang === 'en' ? brandInfo.descEn : brandInfo.desc) : undefined}>
        <Flex gap={8} wrap align="center">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={shownBrands.some((b) => b.value === brand) ? brand : undefined}
            onChange={(e) => p.onBrand(String(e.target.value))}
            options={shownBrands.map((b) => ({ value: b.value, label: <span data-testid={`brand-${b.value}`}>{b.label}</span> }))}
          />
          {moreBrands.length ? (
            <Select
              data-testid="more-brands"
              aria-label={t('buy.moreBrands')}
              style={{ minWidth: 140 }}
              placeholder={t('buy.moreBrands')}
              value={moreBrands.some((b) => b.value === brand) ? brand : undefined}
              onChange={(v: string) => p.onBrand(v)}
              options={moreBrands.map((b) => ({ value: b.value, label: b.label }))}
            />
          ) : null}
        </Flex>
      </Form.Item>
      {/* 2. certificate type */}
      <Form.Item label={t('buy.certType')}>
        <Radio.Group optionType="button" value={p.certType} onChange={(e) => p.onCertType(String(e.target.value))} options={p.certTypes.map((c) => ({ value: c, label: <span data-testid={`cert-type-${c}`}>{t(`certTypes.${c}`, { defaultValue: c })}</span> }))} />
      </Form.Item>
      {/* 3. product */}
      <Form.Item label={t('buy.product')} {...fieldStatus(p.productError, 'product')} extra={product ? (lang === 'en' ? product.productDescriptionEn : product.productDescription) : undefined}>
        <Radio.Group
          value={product?.productNo}
          onChange={(e) => p.onProduct(String(e.target.value))}
          options={p.typeProducts.map((x) => ({ value: x.productNo, label: <span data-testid={`product-${x.productNo}`}>{productNameFor(lang, x)}</span> }))}
        />
      </Form.Item>
      {/* 4. term */}
      <Form.Item label={t('buy.term')} {...fieldStatus(p.termError, 'term')}>
        <Radio.Group optionType="button" value={p.term} onChange={(e) => p.onTerm(Number(e.target.value))} options={p.terms.map((n) => ({ value: n, label: <span data-testid={`term-${n}`}>{termText(t, n)}</span> }))} />
        {needsValidityNote(productType, p.term, p.rulesOn) ? <ValidityNote msg={msg} on={p.rulesOn} /> : null}
      </Form.Item>
    </>
  );
});
