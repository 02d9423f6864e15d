// /admin: the administrator sign-in, then the review desk (reports, recent changes, hidden places)
// and the bulk import. Loaded on demand, so none of this is in the Discover screen's JavaScript.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminSession } from '../../lib/admin-session';
import { ReviewDesk } from './review-desk';
import { SignInForm } from './sign-in-form';

export default function AdminPage() {
  // Every namespace the desk's panels read (the diffs' attribute words, the facts' age lines) loads
  // here, before anything shows: a panel meeting a new namespace later would suspend the whole page
  // for a moment, hiding the control a person had just focused.
  const { t } = useTranslation(['admin', 'attributes', 'discover']);
  const session = useAdminSession();
  const signedIn = Boolean(session.data);
  useEffect(() => {
    document.title = `${signedIn ? t('desk.title') : t('signIn.title')} | ${t('siteName')}`;
  }, [signedIn, t]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      {session.isPending ? (
        <p role="status" className="text-gray-700">
          {t('loading')}
        </p>
      ) : session.data ? (
        <ReviewDesk username={session.data.username} />
      ) : (
        <SignInForm />
      )}
    </div>
  );
}
