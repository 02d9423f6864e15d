// Tag Management (docs/product.md section 2): create, rename and delete tags. The list scrolls at
// max-h-60 and the dialog stacks at 60000 so it shows above the form dialog that opened it.
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAG_CATEGORIES, TAG_DIALOG_Z_INDEX } from '../../../shared/constants';
import type { Tag } from '../../../shared/schemas/tag';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FieldError, Input, Label, NativeSelect } from '../../components/ui/form-controls';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { noteAwaitingReview } from '../../lib/awaiting-review';
import { tagBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import { TagListStatus } from './tag-list-status';
import { refreshAfterTagChange, sortTags, useTags } from './use-tags';

export interface TagManagementDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called after a tag is deleted, so a form can drop it from its selection. */
  onTagDeleted?(id: number): void;
}

function CategorySelect({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: string;
  onChange(v: string): void;
  label?: string;
}) {
  const { t } = useTranslation('tags');
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-label={label}>
      <option value="">{t('categories.none')}</option>
      {TAG_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {t(`categories.${c}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

export function TagManagementDialog({ open, onOpenChange, onTagDeleted }: TagManagementDialogProps) {
  const { t } = useTranslation('tags');
  const { data, isPending, isError } = useTags();
  const tags = sortTags(data ?? []);

  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [createError, setCreateError] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const [editingId, setEditingId] = useState<number | null>(null);
  const [confirmDeleteId, setConfirmDeleteId] = useState<number | null>(null);

  useEffect(() => {
    if (!open) {
      setName('');
      setCategory('');
      setCreateError(undefined);
      setEditingId(null);
      setConfirmDeleteId(null);
    }
  }, [open]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!name.trim()) {
      setCreateError(t('errors.nameRequired'));
      nameRef.current?.focus();
      return;
    }
    setCreateError(undefined);
    setCreating(true);
    try {
      const res = await apiRequest('POST', '/api/tags', { name: name.trim(), category: category || null });
      const tag = (await res.json()) as Tag;
      // A proposal waits for review (decision 0403): its author sees it, marked, in their lists.
      if (tag?.pending) noteAwaitingReview();
      toast({
        title: t('toast.created'),
        description: tag?.pending ? t('toast.createdPending', { name: tag.name }) : tag?.name,
      });
      setName('');
      setCategory('');
      await refreshAfterTagChange();
      nameRef.current?.focus();
    } catch (err) {
      toast({
        title: t('toast.createError'),
        description: errorMessage(err, t('toast.tryAgain')),
        variant: 'destructive',
      });
    } finally {
      setCreating(false);
    }
  };

  const createNameId = 'tag-create-name';
  const createErrorId = 'tag-create-name-error';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent zIndex={TAG_DIALOG_Z_INDEX} className="max-w-xl" data-testid="tag-management-dialog">
        <DialogTitle>{t('manage.title')}</DialogTitle>
        <DialogDescription>{t('manage.description')}</DialogDescription>

        <form onSubmit={create} noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_11rem_auto] sm:items-start">
          <div>
            <Label htmlFor={createNameId}>{t('manage.newName')}</Label>
            <Input
              ref={nameRef}
              id={createNameId}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (createError && e.target.value.trim()) setCreateError(undefined);
              }}
              maxLength={100}
              aria-invalid={createError ? true : undefined}
              aria-describedby={createError ? createErrorId : undefined}
              autoComplete="off"
            />
            <FieldError id={createErrorId} message={createError} />
          </div>
          <div>
            <Label htmlFor="tag-create-category">{t('manage.category')}</Label>
            <CategorySelect id="tag-create-category" value={category} onChange={setCategory} />
          </div>
          <Button type="submit" disabled={creating} aria-busy={creating} className="sm:mt-6">
            {creating ? t('manage.creating') : t('manage.create')}
          </Button>
        </form>

        <h3 className="mt-5 text-sm font-semibold text-gray-900">{t('manage.existing')}</h3>
        <TagListStatus isPending={isPending} isError={isError} count={tags.length} emptyText={t('manage.empty')}>
          <ul
            className="mt-2 max-h-60 divide-y divide-gray-200 overflow-y-auto rounded-md border border-gray-300"
            data-testid="tag-list"
          >
            {tags.map((tag) => (
              <TagRow
                key={tag.id}
                tag={tag}
                editing={editingId === tag.id}
                confirmingDelete={confirmDeleteId === tag.id}
                onEdit={() => {
                  setConfirmDeleteId(null);
                  setEditingId(tag.id);
                }}
                onStopEdit={() => setEditingId(null)}
                onAskDelete={() => {
                  setEditingId(null);
                  setConfirmDeleteId(tag.id);
                }}
                onCancelDelete={() => setConfirmDeleteId(null)}
                onDeleted={() => {
                  setConfirmDeleteId(null);
                  onTagDeleted?.(tag.id);
                  // The row (and the focused button in it) goes away: keep focus in the dialog.
                  nameRef.current?.focus();
                }}
              />
            ))}
          </ul>
        </TagListStatus>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('manage.done')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

interface TagRowProps {
  tag: Tag;
  editing: boolean;
  confirmingDelete: boolean;
  onEdit(): void;
  onStopEdit(): void;
  onAskDelete(): void;
  onCancelDelete(): void;
  onDeleted(): void;
}

function TagRow({
  tag,
  editing,
  confirmingDelete,
  onEdit,
  onStopEdit,
  onAskDelete,
  onCancelDelete,
  onDeleted,
}: TagRowProps) {
  const { t } = useTranslation('tags');
  const [name, setName] = useState(tag.name);
  const [category, setCategory] = useState(tag.category ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (editing) {
      setName(tag.name);
      setCategory(tag.category ?? '');
      setError(undefined);
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (wasEditing.current) {
      editRef.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing, tag.name, tag.category]);

  useEffect(() => {
    if (confirmingDelete) confirmRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = confirmingDelete;
  }, [confirmingDelete]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!name.trim()) {
      setError(t('errors.nameRequired'));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await apiRequest('PATCH', `/api/tags/${tag.id}`, { name: name.trim(), category: category || null });
      if (res.status === 202) toast({ title: t('toast.held'), description: t('toast.heldText') });
      else toast({ title: t('toast.updated'), description: name.trim() });
      await refreshAfterTagChange();
      onStopEdit();
    } catch (err) {
      toast({
        title: t('toast.updateError'),
        description: errorMessage(err, t('toast.tryAgain')),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const res = await apiRequest('DELETE', `/api/tags/${tag.id}`);
      if (res.status === 202) {
        toast({ title: t('toast.held'), description: t('toast.heldText') });
        setBusy(false);
        return;
      }
      toast({ title: t('toast.deleted'), description: tag.name });
      onDeleted();
      await refreshAfterTagChange();
    } catch (err) {
      toast({
        title: t('toast.deleteError'),
        description: errorMessage(err, t('toast.tryAgain')),
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  const nameId = `tag-${tag.id}-name`;
  const errorId = `tag-${tag.id}-error`;

  if (editing) {
    return (
      <li className="p-2">
        <form
          onSubmit={save}
          noValidate
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              // Leave the inline edit, not the whole dialog.
              e.preventDefault();
              e.stopPropagation();
              onStopEdit();
            }
          }}
          className="grid gap-2 sm:grid-cols-[1fr_9rem_auto] sm:items-start"
          aria-label={t('manage.renameForm', { name: tag.name })}
        >
          <div>
            <Label htmlFor={nameId} className="sr-only">
              {t('manage.tagName')}
            </Label>
            <Input
              ref={inputRef}
              id={nameId}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (error && e.target.value.trim()) setError(undefined);
              }}
              maxLength={100}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              autoComplete="off"
            />
            <FieldError id={errorId} message={error} />
          </div>
          <CategorySelect
            id={`tag-${tag.id}-category`}
            value={category}
            onChange={setCategory}
            label={t('manage.category')}
          />
          <div className="flex gap-1">
            <Button type="submit" size="icon" disabled={busy} aria-label={t('manage.save')} title={t('manage.save')}>
              <Check aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button
              variant="secondary"
              size="icon"
              onClick={onStopEdit}
              aria-label={t('manage.cancel')}
              title={t('manage.cancel')}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="flex flex-wrap items-center gap-2 p-2" data-testid="tag-row">
      <div className="flex min-w-[8rem] flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <span className={cn('break-all rounded-full border px-2.5 py-0.5 text-sm', tagBadgeClass(tag.category))}>
          {tag.name}
        </span>
        {tag.category && (
          <span className="text-xs text-gray-700">
            {t(`categories.${tag.category}`, { defaultValue: tag.category })}
          </span>
        )}
      </div>
      {confirmingDelete ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t('manage.confirmDelete', { name: tag.name })}</legend>
          <span aria-hidden="true" className="text-sm text-gray-900">
            {t('manage.confirmDelete', { name: tag.name })}
          </span>
          <Button ref={confirmRef} variant="destructive" size="sm" onClick={remove} disabled={busy}>
            {t('manage.delete')}
          </Button>
          <Button variant="secondary" size="sm" onClick={onCancelDelete}>
            {t('manage.cancel')}
          </Button>
        </fieldset>
      ) : (
        <div className="flex shrink-0 gap-1">
          <Button
            ref={editRef}
            variant="ghost"
            size="icon"
            onClick={onEdit}
            aria-label={t('manage.rename', { name: tag.name })}
            title={t('manage.rename', { name: tag.name })}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            ref={deleteRef}
            variant="ghost"
            size="icon"
            onClick={onAskDelete}
            aria-label={t('manage.deleteTag', { name: tag.name })}
            title={t('manage.deleteTag', { name: tag.name })}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
          </Button>
        </div>
      )}
    </li>
  );
}
