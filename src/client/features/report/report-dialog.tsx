export default function ReportDialog(_props: { open: boolean; onOpenChange(open: boolean): void; locationId: number | null }) {
  return null;
}
