import { createContext, useContext, useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { Link, useParams } from '@tanstack/react-router';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useLinkColor } from '../../../lib/link-color.ts';
import { articleById, helpArticles, helpCategories, loadBody } from '../lib/articles.ts';
import { useHelpT } from '../i18n.ts';

/** Inside a code block: its lines take the block's background, not the inline code's. */
const InBlock = createContext(false);
function Code({ children, className, style }: { children?: React.ReactNode; className?: string; style: React.CSSProperties }) {
  return useContext(InBlock) ? <code className={className}>{children}</code> : <code style={style}>{children}</code>;
}

/** Markdown as the console's own type: headings, code and tables in the theme's colours; console paths as router links. */
function useComponents(): Components {
  const { token } = theme.useToken();
  // Underlined, in the console's readable link colour: links inside a paragraph must not rely on colour alone.
  const link = { color: useLinkColor(), textDecoration: 'underline' };
  const code = { background: token.colorFillTertiary, borderRadius: token.borderRadiusSM, fontFamily: token.fontFamilyCode };
  return {
    h1: ({ children }) => <Typography.Title level={3}>{children}</Typography.Title>,
    h2: ({ children }) => <Typography.Title level={4} style={{ marginTop: 24 }}>{children}</Typography.Title>,
    h3: ({ children }) => <Typography.Title level={5}>{children}</Typography.Title>,
    a: ({ href, children }) =>
      href?.startsWith('/') ? (
        <Link to={href} style={link}>
          {children}
        </Link>
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer" style={link}>
          {children}
        </a>
      ),
    pre: ({ children }) => (
      <InBlock.Provider value>
        <pre style={{ ...code, padding: 12, overflowX: 'auto', fontSize: 13, lineHeight: 1.5 }}>{children}</pre>
      </InBlock.Provider>
    ),
    code: ({ children, className }) => (
      <Code className={className} style={{ ...code, padding: '1px 4px' }}>
        {children}
      </Code>
    ),
    table: ({ children }) => (
      <div style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse', margin: '8px 0 16px', minWidth: '60%' }}>{children}</table>
      </div>
    ),
    th: ({ children }) => <th style={{ border: `1px solid ${token.colorBorder}`, padding: '6px 10px', background: token.colorFillQuaternary, textAlign: 'start' }}>{children}</th>,
    td: ({ children }) => <td style={{ border: `1px solid ${token.colorBorder}`, padding: '6px 10px' }}>{children}</td>,
    img: ({ src, alt }) => (typeof src === 'string' && src.startsWith('/help/') ? <img src={src} alt={alt ?? ''} style={{ maxWidth: '100%', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }} /> : null),
    blockquote: ({ children }) => <Alert type="info" showIcon style={{ margin: '12px 0' }} description={children} />,
  };
}

/** /help/article/{id}: one article in the chosen language, rendered from Markdown without raw HTML. */
export default function HelpArticlePage() {
  const { t, lang } = useHelpT();
  const { id } = useParams({ strict: false }) as { id: string };
  const article = articleById(id);
  const [body, setBody] = useState<string | null | 'failed'>(null);
  const components = useComponents();

  useEffect(() => {
    let live = true;
    setBody(null);
    if (article) loadBody(article.id, lang).then((b) => live && setBody(b ?? 'failed'), () => live && setBody('failed'));
    return () => {
      live = false;
    };
  }, [article, lang]);

  useEffect(() => {
    if (article) document.title = `${article[lang].title} - ${document.title.split(' - ').at(-1) ?? ''}`;
  }, [article, lang]);

  if (!article) {
    return (
      <Result
        status="404"
        title={t('notFound')}
        subTitle={t('notFoundHint')}
        extra={<Link to="/help/overview">{t('back')}</Link>}
        data-testid="help-article-missing"
      />
    );
  }
  const category = helpCategories.find((c) => c.id === article.category);
  const related = helpArticles.filter((a) => a.category === article.category && a.id !== article.id);
  return (
    <Row gutter={[24, 24]} data-testid="help-article">
      <Col xs={24} xl={17}>
        <Link to="/help/overview">
          <ArrowLeftOutlined /> {t('back')}
        </Link>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }}>
          {category?.[lang]}
        </Typography.Text>
        <Typography.Title level={2} style={{ marginTop: 4 }} data-testid="help-article-title">
          {article[lang].title}
        </Typography.Title>
        {body === null ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : body === 'failed' ? (
          <Alert type="error" showIcon title={t('loadFailed')} />
        ) : (
          <Typography data-testid="help-article-body">
            <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
              {body}
            </Markdown>
          </Typography>
        )}
      </Col>
      {related.length ? (
        <Col xs={24} xl={7}>
          <Card size="small" title={t('related')}>
            <ul style={{ paddingInlineStart: 18, margin: 0 }}>
              {related.map((a) => (
                <li key={a.id} style={{ marginBottom: 6 }}>
                  <Link to="/help/article/$id" params={{ id: a.id }}>
                    {a[lang].title}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </Col>
      ) : null}
    </Row>
  );
}
