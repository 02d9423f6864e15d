export default function AddLocationDialog(_props: { open: boolean; onOpenChange(open: boolean): void }) {
  return null;
}
