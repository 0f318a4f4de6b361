import { useMemo } from 'react';
import Select from 'antd/es/select';
import type { SelectProps } from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../lib/money.ts';

/** ISO 3166-1 alpha-2 codes: what nationCode holds (doc 02 §3). */
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Shown first: where most of the console's customers are registered. */
const first = ['CN', 'HK', 'MO', 'TW'];

/** Options labelled in the console's language ("中国 (CN)", "China (CN)"), searchable by name or code. */
export function countryOptions(lang: 'zh' | 'en'): { value: string; label: string }[] {
  const tag = intlLocale(lang);
  const names = new Intl.DisplayNames([tag], { type: 'region' });
  const label = (code: string) => `${names.of(code) ?? code} (${code})`;
  const rest = countryCodes.filter((c) => !first.includes(c)).map((c) => ({ value: c, label: label(c) }));
  rest.sort((a, b) => a.label.localeCompare(b.label, tag));
  return [...first.map((c) => ({ value: c, label: label(c) })), ...rest];
}

/** The shared country selector of doc 02 §2: a two-letter code as value, the country's name to choose by. */
export function CountrySelect(props: Omit<SelectProps<string>, 'options' | 'showSearch'>) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const options = useMemo(() => countryOptions(lang), [lang]);
  return (
    <Select<string>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      popupMatchSelectWidth={false}
    />
  );
}
