import type { Queryable } from '@cc/db/client';
import type { Product } from '@cc/contracts/purchase';
import { visibleProducts } from '@cc/domain/pricing';
import type { Tables } from '@cc/db/schema.gen';

const columns = `product_no AS "productNo", product_name AS "productName", product_type AS "productType", brand, brand_name AS "brandName",
  sub_brand AS "subBrand", brand_description AS "brandDescription", brand_description_en AS "brandDescriptionEn",
  type_description AS "typeDescription", cert_type AS "certType", max_year AS "maxYear", chinese_name AS "chineseName",
  english_name AS "englishName", product_description AS "productDescription", product_description_en AS "productDescriptionEn",
  summary, price_per_year::float8 AS "pricePerYear", extra_domain_price::float8 AS "extraDomainPrice", free`;

/** The catalogue in its sort order, narrowed by the xGlobalsignBrands site setting. */
export async function listVisibleProducts(db: Queryable): Promise<Product[]> {
  const [setting] = await db.query<Pick<Tables['front_conf'], 'value'>>(`SELECT value FROM front_conf WHERE setting = 'xGlobalsignBrands'`);
  const rows = await db.query<Product>(`SELECT ${columns} FROM products ORDER BY sort, product_no`);
  return visibleProducts(rows, setting?.value);
}

/** One product of the visible set: a product the site hides cannot be priced or ordered either. */
export async function findProduct(db: Queryable, productNo: string): Promise<Product | null> {
  const [row] = await db.query<Product>(`SELECT ${columns} FROM products WHERE product_no = $1`, [productNo]);
  if (!row) return null;
  const [setting] = await db.query<Pick<Tables['front_conf'], 'value'>>(`SELECT value FROM front_conf WHERE setting = 'xGlobalsignBrands'`);
  return visibleProducts([row], setting?.value)[0] ?? null;
}
