import { useEffect, useMemo } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { PresetColors } from 'antd/es/theme/interface';
import { presetDarkPalettes, presetPalettes } from '@ant-design/colors';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { setNotifySink } from '../lib/notify.ts';
import { toast } from '../lib/toast.ts';
import { useIsDark, useReducedMotion, useThemeMode } from '../lib/prefs.ts';

/** Doc 01/02 §1: primary colour #1652f0. */
export const primaryColor = '#1652f0';

// The HTTP client's toasts.
setNotifySink({ error: (text) => toast.error(text) });

/**
 * Coloured tags (statuses of orders, domains, invoices...) write their text in shade 7 of the colour, and status tags
 * (success, processing, warning, error) in the plain status colour: on the tag's pale (light) or deep (dark) background
 * that is 2.2 to 4:1. Shade 9 of each palette is the far end from the background in either theme (7:1 and more), so
 * every feature's tags read without each choosing its own colours. The shades are antd's own preset palettes (its
 * light and dark algorithms derive the tokens from them; pink is magenta's): read from the table, not computed by
 * deriving a whole theme at start.
 */
function readableTagTokens(dark: boolean) {
  const palettes = dark ? presetDarkPalettes : presetPalettes;
  const text = (colour: string) => (palettes[colour === 'pink' ? 'magenta' : colour] ?? palettes.blue!)[8]!;
  return {
    ...Object.fromEntries(PresetColors.map((c) => [`${c}7`, text(c)])),
    colorSuccess: text('green'),
    colorInfo: text('blue'),
    colorWarning: text('gold'),
    colorError: text('red'),
  };
}

/** Page background and text colour from the theme (what antd's App component would set, without its weight). */
function Body({ children }: { children: React.ReactNode }) {
  const { token } = theme.useToken();
  useEffect(() => {
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
    document.body.style.fontFamily = token.fontFamily;
  }, [token.colorBgLayout, token.colorText, token.fontFamily]);
  return <>{children}</>;
}

function Themed({ children }: { children: React.ReactNode }) {
  const { i18n: inst } = useTranslation();
  const dark = useIsDark();
  const lessMotion = useReducedMotion();
  const mode = useThemeMode();
  const locale = inst.language === 'en' ? enUS : zhCN;
  // antd's secondary, label and placeholder greys (45 % and 25 % black or white) and its error red miss the 4.5:1
  // contrast of WCAG AA on small text (field messages); these meet it on the light and dark backgrounds alike.
  const themeConfig = useMemo(() => {
    const ink = (alpha: number) => (dark ? `rgba(255, 255, 255, ${alpha})` : `rgba(0, 0, 0, ${alpha})`);
    const tags = readableTagTokens(dark);
    // Text in the primary colour (active tab, links, totals) is #1652f0 on light; on dark it is too dark to read,
    // so text takes a lighter blue there while filled buttons keep the brand colour under their white text.
    const accentText = dark ? '#7b9dff' : primaryColor;
    return {
      // Component styles come from antd's built stylesheet (main.tsx); only the theme's CSS variables are made here.
      zeroRuntime: true,
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: {
        colorPrimary: primaryColor,
        // Off when the system asks for less motion: antd's components open and close at once.
        motion: !lessMotion,
        colorPrimaryText: accentText,
        colorLink: accentText,
        colorTextTertiary: ink(0.6),
        colorTextDescription: ink(0.6),
        colorTextPlaceholder: ink(0.55),
        colorError: dark ? '#ff7875' : '#d9363e',
        // Warning text (days left before an order expires) in the tags' readable gold: antd's #faad14 on white is 1.9:1.
        colorWarningText: tags.colorWarning,
      },
      components: {
        Tabs: { itemSelectedColor: accentText, itemHoverColor: accentText, itemActiveColor: accentText, inkBarColor: accentText },
        // The side menu's selected page and its open group: the dark algorithm's primary on its selected background is 2:1.
        Menu: { itemSelectedColor: accentText, subMenuItemSelectedColor: accentText },
        // An empty table's message is drawn in the disabled grey (25 %): readable text there, not a disabled control.
        Table: { colorTextDisabled: ink(0.6) },
        Tag: tags,
      },
    };
  }, [dark, lessMotion]);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    // Toasts render outside this tree: give them the same theme and locale.
    ConfigProvider.config({
      holderRender: (node) => (
        <ConfigProvider locale={locale} theme={themeConfig} button={{ autoInsertSpace: false }}>
          {node}
        </ConfigProvider>
      ),
    });
  }, [mode, dark, locale, themeConfig]);
  return (
    <ConfigProvider locale={locale} button={{ autoInsertSpace: false }} theme={themeConfig}>
      <Body>{children}</Body>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed>{children}</Themed>
    </I18nextProvider>
  );
}
