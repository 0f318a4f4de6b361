import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useRouteTitle } from '../../../hooks/use-route-title.ts';
import { helpArticles, helpCategories, searchAll, searchCatalog, type HelpArticle } from '../lib/articles.ts';
import { useHelpT } from '../i18n.ts';

/** /help/overview: categories, search (titles at once, article text as well once the bodies arrive). */
export default function HelpOverviewPage() {
  const { t, lang } = useHelpT();
  const title = useRouteTitle();
  const search = useSearch({ strict: false }) as { q?: string; category?: string };
  const navigate = useNavigate();
  const q = search.q ?? '';
  const category = search.category ?? 'all';
  const [found, setFound] = useState<HelpArticle[]>(() => searchCatalog(q, lang));

  useEffect(() => {
    let live = true;
    setFound(searchCatalog(q, lang));
    if (q.trim()) void searchAll(q, lang).then((all) => live && setFound(all));
    return () => {
      live = false;
    };
  }, [q, lang]);

  const shown = q.trim() ? found : helpArticles.filter((a) => category === 'all' || a.category === category);
  const setSearch = (next: { q?: string; category?: string }) => void navigate({ to: '/help/overview', search: { q: next.q || undefined, category: next.category && next.category !== 'all' ? next.category : undefined }, replace: true });

  return (
    <div data-testid="help-overview">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Input.Search
        defaultValue={q}
        key={q}
        placeholder={t('search')}
        aria-label={t('search')}
        enterButton={t('searchButton')}
        allowClear
        onSearch={(v) => setSearch({ q: v.trim(), category })}
        style={{ maxWidth: 560, marginBottom: 16 }}
        data-testid="help-search"
      />
      {q.trim() ? (
        <Typography.Paragraph type="secondary" data-testid="help-results">
          {t('results', { count: shown.length })}
        </Typography.Paragraph>
      ) : (
        // Buttons that wrap: six categories do not fit one line beside the menu in English.
        <Flex wrap gap={8} style={{ marginBottom: 16 }} data-testid="help-categories" role="group" aria-label={t('categories')}>
          {[{ id: 'all', label: t('all') }, ...helpCategories.map((c) => ({ id: c.id, label: `${c[lang]} (${helpArticles.filter((a) => a.category === c.id).length})` }))].map((c) => (
            <Button key={c.id} type={category === c.id ? 'primary' : 'default'} aria-pressed={category === c.id} onClick={() => setSearch({ category: c.id })}>
              {c.label}
            </Button>
          ))}
        </Flex>
      )}
      {shown.length === 0 ? (
        <Empty description={t('noResults')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((a) => (
            <Col key={a.id} xs={24} md={12} xl={8}>
              <Link to="/help/article/$id" params={{ id: a.id }} style={{ display: 'block', height: '100%' }} data-testid="help-card">
                <Card hoverable size="small" style={{ height: '100%' }} title={a[lang].title}>
                  <Typography.Text type="secondary">{helpCategories.find((c) => c.id === a.category)?.[lang]}</Typography.Text>
                  <Typography.Paragraph style={{ marginBottom: 0, marginTop: 4 }}>{a[lang].summary}</Typography.Paragraph>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
