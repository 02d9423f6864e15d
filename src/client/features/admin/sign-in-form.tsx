import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/form-controls';
import { ApiError, apiRequest } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { ADMIN_SESSION_KEY } from '../../lib/admin-session';

export function SignInForm() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(t('signIn.missing'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await apiRequest('POST', '/api/admin/login', { username, password });
      const body = (await res.json()) as { username: string };
      setPassword('');
      queryClient.setQueryData(ADMIN_SESSION_KEY, body);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setError(status === 401 ? t('signIn.invalid') : status === 429 ? t('signIn.tooMany') : t('signIn.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      className="mx-auto max-w-sm rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby={`${id}-title`}
    >
      <h1 id={`${id}-title`} className="text-2xl font-bold text-gray-900">
        {t('signIn.title')}
      </h1>
      <p className="mt-1 text-sm text-gray-700">{t('signIn.intro')}</p>
      <form className="mt-5 grid gap-4" onSubmit={onSubmit} noValidate>
        <div>
          <Label htmlFor={`${id}-username`}>{t('signIn.username')}</Label>
          <Input
            id={`${id}-username`}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-password`}>{t('signIn.password')}</Label>
          <Input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {error}
          </p>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? t('signIn.pending') : t('signIn.submit')}
        </Button>
      </form>
    </section>
  );
}
