import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import { Link } from '@tanstack/react-router';

/** A "how do I …?" link from a screen to the help article that explains it (/help/article/{id}). */
export function HelpLink({ article, children, testId }: { article: string; children: React.ReactNode; testId?: string }) {
  return (
    <Link to="/help/article/$id" params={{ id: article }} data-testid={testId ?? `help-link-${article}`}>
      <QuestionCircleOutlined /> {children}
    </Link>
  );
}
