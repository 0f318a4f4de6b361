import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import { TextLink } from './text-link.tsx';

/** A "how do I …?" link from a screen to the help article that explains it (/help/article/{id}). */
export function HelpLink({ article, children, testId }: { article: string; children: React.ReactNode; testId?: string }) {
  return (
    // Underlined: it sits in running text, where colour alone would not tell it apart (WCAG 1.4.1).
    <TextLink to="/help/article/$id" params={{ id: article }} data-testid={testId ?? `help-link-${article}`}>
      <QuestionCircleOutlined /> {children}
    </TextLink>
  );
}
