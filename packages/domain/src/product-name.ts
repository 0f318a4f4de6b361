/** The names a product carries: the catalogue name and one per language (products.chinese_name / english_name). */
export interface ProductNames {
  productName: string;
  chineseName?: string | null;
  englishName?: string | null;
}

/**
 * The one name a product shows in a language: its Chinese or English name, the catalogue name when that one is empty.
 * Every screen (price list, order form, orders, details, payment) and every answer of the server goes through here,
 * so a product never shows under two names in one language.
 */
export function productNameFor(locale: 'zh' | 'en', p: ProductNames): string {
  const own = (locale === 'en' ? p.englishName : p.chineseName)?.trim();
  return own || p.productName;
}
