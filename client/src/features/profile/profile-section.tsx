import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { updateMeInput } from '#shared/schemas/auth.ts';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { type FieldSpec, FormFields } from '#client/components/ui/form-fields.tsx';
import { apiFetch } from '#client/lib/api-fetch.ts';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import type { SessionUser } from '#client/session/session-reducer.ts';

const t = vi.publicPages.profile;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const FIELDS: FieldSpec<'name' | 'phoneNumber' | 'username'>[] = [
  { name: 'name', label: t.name, autoComplete: 'name' },
  { name: 'phoneNumber', label: t.phone, type: 'tel', autoComplete: 'tel' },
  { name: 'username', label: t.username, autoComplete: 'username', autoCapitalize: 'none' },
];

/**
 * Name, phone, username and avatar (PATCH /auth/me through auth.updateMe). The avatar is saved as soon
 * as it is uploaded (POST /api/uploads), the text fields with the button.
 */
export function ProfileSection() {
  const trpc = useTRPC();
  const { state, dispatch } = useSession();
  const user = state.currentUser;
  const avatarInputId = useId();
  const [form, setForm] = useState({
    name: user?.name ?? '',
    phoneNumber: str(user?.phoneNumber),
    username: str(user?.username),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);

  const update = useMutation(
    trpc.auth.updateMe.mutationOptions({
      onSuccess: (me) => {
        dispatch({ type: 'USER_UPDATED', user: me as SessionUser });
        toast.success(t.saved);
      },
      onError: (err) => setErrors(serverErrors(err)),
    }),
  );

  if (!user) return null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateMeInput.safeParse(form);
    if (!parsed.success) return setErrors(zodErrors(parsed.error));
    setErrors({});
    update.mutate(parsed.data);
  };

  const onAvatar = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      // A refused file (type, size) is toasted by apiFetch with the server's message.
      const { url } = await apiFetch<{ url: string }>('/api/uploads', { method: 'POST', body: form });
      update.mutate({ avatar: url });
    } catch {
      // already shown
    } finally {
      setUploading(false);
    }
  };

  return (
    <section aria-labelledby="profile-title" className="rounded-lg border border-line bg-surface p-4">
      <h2 id="profile-title" className="mb-4 text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <div className="mb-4 flex items-center gap-4">
        <Avatar name={user.name} src={user.avatar} size={100} />
        <div className="flex flex-col gap-1">
          <label htmlFor={avatarInputId} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {uploading ? t.uploading : t.changeAvatar}
          </label>
          <input
            id={avatarInputId}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            className="sr-only"
            disabled={uploading}
            onChange={onAvatar}
            aria-label={t.avatar}
          />
          <span className="text-sm text-ink-soft">{user.email}</span>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormFields
          fields={FIELDS}
          values={form}
          errors={errors}
          onChange={(name, value) => setForm((f) => ({ ...f, [name]: value }))}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
