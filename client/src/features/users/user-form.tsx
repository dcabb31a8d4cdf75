import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { USER_STATUSES } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { Role } from '#shared/permissions.ts';
import { createUserInput, updateUserInput } from '#shared/schemas/users.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useDraft } from '#client/lib/use-draft.ts';
import { assignableRoles, type UserRow } from './types.ts';

const t = vi.workspace.users;
const c = vi.workspace.common;

interface FormState {
  name: string;
  email: string;
  password: string;
  role: Role;
  status: (typeof USER_STATUSES)[number];
  phoneNumber: string;
  username: string;
}

/**
 * Create (user null) or edit an account. A new account is invited: the person gets a mail to set their
 * own password (decision 087), so creation asks for neither a password nor a status. On edit, the
 * password is asked only to change it.
 */
export function UserFormDialog({
  open,
  user,
  actorRole,
  onOpenChange,
}: {
  open: boolean;
  user: UserRow | null;
  actorRole: Role;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const roles = assignableRoles(actorRole);
  const { draft: form, setDraft: setForm, fill, dirty } = useDraft<FormState>({} as FormState);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!open) return;
    setErrors({});
    fill({
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      role: user?.role ?? 'EMPLOYEE',
      // A new account is PENDING until the invited person sets a password (decision 087).
      status: user?.status ?? 'PENDING',
      phoneNumber: user?.phoneNumber ?? '',
      username: user?.username ?? '',
    });
  }, [open, user, fill]);

  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
    onOpenChange(false);
  };
  const onError = (err: unknown) => setErrors(serverErrors(err));
  const create = useMutation(
    trpc.users.create.mutationOptions({ onSuccess: (u) => done(t.invited(u.email)), onError }),
  );
  const update = useMutation(
    trpc.users.update.mutationOptions({ onSuccess: () => done(t.updated), onError }),
  );

  function save() {
    if (user) {
      // Only what changed: an administrator editing itself must not "change" its own role or status.
      const before: Record<string, unknown> = {
        ...user,
        password: '',
        phoneNumber: user.phoneNumber ?? '',
        username: user.username ?? '',
      };
      const changed = Object.fromEntries(Object.entries(form).filter(([k, v]) => v !== before[k]));
      const parsed = updateUserInput.safeParse({ id: user.id, ...changed });
      if (!parsed.success) return setErrors(zodErrors(parsed.error));
      update.mutate(parsed.data);
    } else {
      const { password: _password, status: _status, ...invite } = form;
      const parsed = createUserInput.safeParse(invite);
      if (!parsed.success) return setErrors(zodErrors(parsed.error));
      create.mutate(parsed.data);
    }
  }

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm((f) => ({ ...f, [k]: v }));
  const roleOptions = (user && !roles.includes(user.role) ? [user.role, ...roles] : roles).map((r) => ({
    value: r,
    label: t.roles[r],
  }));
  const busy = create.isPending || update.isPending;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={dirty}
      title={user ? t.editTitle : t.createTitle}
      footer={
        <>
          <DialogCancel />
          <Button onClick={save} disabled={busy}>
            {busy ? c.saving : c.save}
          </Button>
        </>
      }
    >
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Field
          label={t.name}
          value={form.name ?? ''}
          required
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <Field
          label={t.email}
          type="email"
          value={form.email ?? ''}
          required
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
        />
        {user && (
          <Field
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            value={form.password ?? ''}
            error={errors.password}
            onChange={(e) => set('password', e.target.value)}
          />
        )}
        <SelectField
          label={t.role}
          value={form.role ?? 'EMPLOYEE'}
          options={roleOptions}
          error={errors.role}
          onChange={(e) => set('role', e.target.value as Role)}
        />
        {user && (
          <SelectField
            label={t.status}
            value={form.status ?? 'ACTIVE'}
            options={USER_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))}
            error={errors.status}
            onChange={(e) => set('status', e.target.value as FormState['status'])}
          />
        )}
        <Field
          label={t.phone}
          type="tel"
          value={form.phoneNumber ?? ''}
          error={errors.phoneNumber}
          onChange={(e) => set('phoneNumber', e.target.value)}
        />
        <Field
          label={t.username}
          value={form.username ?? ''}
          error={errors.username}
          onChange={(e) => set('username', e.target.value)}
        />
        {!user && <p className="text-sm text-ink-soft sm:col-span-2">{t.inviteHint}</p>}
        <button type="submit" className="hidden" aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
