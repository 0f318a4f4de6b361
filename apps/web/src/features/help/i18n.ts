/** Strings of the help centre: the 'help' namespace. */
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';

const zh = {
  intro: '购买、验证、安装和支付中遇到的问题，大多能在这里找到答案。',
  search: '搜索帮助文章',
  searchButton: '搜索',
  results: '找到 {{count}} 篇文章',
  noResults: '没有找到相关文章，换个关键词试试。',
  all: '全部',
  categories: '文章分类',
  back: '返回帮助中心',
  related: '同类文章',
  notFound: '文章不存在',
  notFoundHint: '这篇文章不存在或已移除。',
  loadFailed: '文章加载失败，请刷新重试。',
  articles: '{{count}} 篇',
};
const en: typeof zh = {
  intro: 'Answers to most questions about buying, validating, installing and paying.',
  search: 'Search the help articles',
  searchButton: 'Search',
  results: '{{count}} articles found',
  noResults: 'No article matches: try other words.',
  all: 'All',
  categories: 'Categories',
  back: 'Back to the help centre',
  related: 'In the same category',
  notFound: 'Article not found',
  notFoundHint: 'This article does not exist or was removed.',
  loadFailed: 'The article could not be loaded: reload to try again.',
  articles: '{{count}} articles',
};

for (const [lng, bundle] of Object.entries({ zh, en })) {
  if (!i18n.hasResourceBundle(lng, 'help')) i18n.addResourceBundle(lng, 'help', bundle, true, true);
}

export function useHelpT() {
  const { t, i18n: inst } = useTranslation('help');
  return { t, lang: (inst.language === 'en' ? 'en' : 'zh') as 'zh' | 'en' };
}
