// One tag of the Tag Management list: its badge and category with Rename and Delete, the inline
// rename form, and the delete confirmation. Focus stays where the person works: on the name when
// renaming starts, on Rename or Delete again when renaming or confirming ends.
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../../../shared/schemas/tag';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { tagBadgeClass } from '../../lib/category-styles';
import { cn } from '../../lib/cn';
import { TagCategorySelect } from './tag-category-select';
import { refreshAfterTagChange } from './use-tags';

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

export function TagRow({
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
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (!editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  useEffect(() => {
    if (confirmingDelete) confirmRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = confirmingDelete;
  }, [confirmingDelete]);

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

  if (editing) {
    return (
      <li className="p-2">
        <TagRenameForm tag={tag} busy={busy} setBusy={setBusy} onStopEdit={onStopEdit} />
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

/** The inline rename form: the name (focused and selected when it opens) and category; Escape
 * leaves the rename, not the whole dialog. */
function TagRenameForm({
  tag,
  busy,
  setBusy,
  onStopEdit,
}: {
  tag: Tag;
  busy: boolean;
  setBusy(busy: boolean): void;
  onStopEdit(): void;
}) {
  const { t } = useTranslation('tags');
  const [name, setName] = useState(tag.name);
  const [category, setCategory] = useState(tag.category ?? '');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setName(tag.name);
    setCategory(tag.category ?? '');
    setError(undefined);
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [tag.name, tag.category]);

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

  const nameId = `tag-${tag.id}-name`;
  const errorId = `tag-${tag.id}-error`;
  return (
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
      <TagCategorySelect
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
  );
}
