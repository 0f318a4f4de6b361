import { Link, type LinkProps } from '@tanstack/react-router';

/**
 * A link that sits inside a line of text. Underlined: there colour alone would not tell it apart
 * from the words around it (WCAG 1.4.1, axe link-in-text-block).
 */
export function TextLink(props: LinkProps & { children: React.ReactNode; 'data-testid'?: string }) {
  return <Link {...props} style={{ textDecoration: 'underline' }} />;
}
