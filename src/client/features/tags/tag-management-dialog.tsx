// Tag Management (docs/product.md section 2): create, rename and delete tags. The list scrolls at
// max-h-60 and the dialog stacks at 60000 so it shows above the form dialog that opened it.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAG_DIALOG_Z_INDEX } from '../../../shared/constants';
import type { Tag } from '../../../shared/schemas/tag';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { noteAwaitingReview } from '../../lib/awaiting-review';
import { TagCategorySelect } from './tag-category-select';
import { TagListStatus } from './tag-list-status';
import { TagRow } from './tag-row';
import { refreshAfterTagChange, sortTags, useTags } from './use-tags';

export interface TagManagementDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called after a tag is deleted, so a form can drop it from its selection. */
  onTagDeleted?(id: number): void;
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
            <TagCategorySelect id="tag-create-category" value={category} onChange={setCategory} />
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
