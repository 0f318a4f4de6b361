/**
 * The help centre's articles are data: Markdown files (`articles/{id}.{zh|en}.md`) and one catalogue
 * (`articles/catalog.json`: categories, titles, summaries, keywords). The catalogue comes with the overview; each
 * body is a chunk of its own, fetched when it is read (or searched).
 */
import catalog from '../articles/catalog.json';
import { fillRules } from './rules-schedule.ts';

export type HelpLang = 'zh' | 'en';
export interface HelpArticle {
  id: string;
  category: string;
  zh: { title: string; summary: string };
  en: { title: string; summary: string };
  keywords: string[];
}
export interface HelpCategory {
  id: string;
  zh: string;
  en: string;
}

export const helpCategories: readonly HelpCategory[] = catalog.categories;
export const helpArticles: readonly HelpArticle[] = catalog.articles;
export const articleById = (id: string) => helpArticles.find((a) => a.id === id);

const bodies = import.meta.glob<string>('../articles/*.md', { query: '?raw', import: 'default' });

/**
 * The article's Markdown in a language (the other language when that one is missing), or null; the certificate
 * rules' placeholders ({{rules.…}}) are filled from the rules table, so no article holds those numbers itself.
 */
export async function loadBody(id: string, lang: HelpLang): Promise<string | null> {
  const load = bodies[`../articles/${id}.${lang}.md`] ?? bodies[`../articles/${id}.${lang === 'zh' ? 'en' : 'zh'}.md`];
  return load ? fillRules(await load(), lang) : null;
}

const norm = (s: string) => s.toLowerCase();

/** Articles whose title, summary or keywords hold every word of the query (case-insensitive), in catalogue order. */
export function searchCatalog(query: string, lang: HelpLang): HelpArticle[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...helpArticles];
  return helpArticles.filter((a) => {
    const text = norm(`${a[lang].title} ${a[lang].summary} ${a.keywords.join(' ')}`);
    return words.every((w) => text.includes(w));
  });
}

/** Full-text search: the catalogue's matches first, then articles whose body holds every word. */
export async function searchAll(query: string, lang: HelpLang): Promise<HelpArticle[]> {
  const words = norm(query).split(/\s+/).filter(Boolean);
  const first = searchCatalog(query, lang);
  if (!words.length) return first;
  const rest = helpArticles.filter((a) => !first.includes(a));
  const hits = await Promise.all(rest.map(async (a) => ({ a, body: norm((await loadBody(a.id, lang)) ?? '') })));
  return [...first, ...hits.filter((h) => words.every((w) => h.body.includes(w))).map((h) => h.a)];
}
