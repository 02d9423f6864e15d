// "Not found" said the same way wherever it is said: a heading, a sentence and a link back to
// Discover. A place's page shows it as a card in its own frame (features/location), an unknown path
// as the whole page (pages/not-found-page.tsx).
import { ArrowLeft, Search } from 'lucide-react';
import { LinkButton } from './ui/link-button';

/** The card sits in a page that already has its frame; the page look is the whole page. */
const LOOKS = {
  card: {
    box: 'rounded-lg border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-10',
    title: 'text-2xl font-bold text-gray-900',
    body: 'mt-3 text-gray-800',
    back: 'mt-6',
    backIcon: ArrowLeft,
  },
  page: {
    box: 'mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24',
    title: 'text-3xl font-bold text-brand-900 sm:text-4xl',
    body: 'mt-4 text-lg text-gray-800',
    back: 'mt-8',
    backIcon: Search,
  },
} as const;

export function NotFoundNotice({
  look,
  title,
  body,
  backLabel,
}: {
  look: keyof typeof LOOKS;
  title: string;
  body: string;
  backLabel: string;
}) {
  const classes = LOOKS[look];
  return (
    <div className={classes.box}>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.body}>{body}</p>
      <LinkButton to="/discover" icon={classes.backIcon} className={classes.back}>
        {backLabel}
      </LinkButton>
    </div>
  );
}
