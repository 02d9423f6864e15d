// The app-wide dialogs opened from the header (Add New Location, Report). A report carries the place
// in view (lib/report-location.ts; decision 0351, a deliberate improvement on the contract's
// always-null id).
import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { currentReportLocation, registerReportOpener } from '../lib/report-location';

const AddLocationDialog = lazy(() =>
  import('../features/add-location').then((m) => ({ default: m.AddLocationDialog })),
);
const ReportDialog = lazy(() => import('../features/report').then((m) => ({ default: m.ReportDialog })));

interface AppDialogs {
  openAddLocation(): void;
  openReport(): void;
}

const Ctx = createContext<AppDialogs | null>(null);

export function AppDialogsProvider({ children }: { children: ReactNode }) {
  const [addOpen, setAddOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [reportLocationId, setReportLocationId] = useState<number | null>(null);
  // Dialog code is fetched the first time one is opened, not with the first page.
  const [addMounted, setAddMounted] = useState(false);
  const [reportMounted, setReportMounted] = useState(false);

  const value = useMemo<AppDialogs>(
    () => ({
      openAddLocation: () => {
        setAddMounted(true);
        setAddOpen(true);
      },
      openReport: () => {
        setReportLocationId(currentReportLocation());
        setReportMounted(true);
        setReportOpen(true);
      },
    }),
    [],
  );
  // A page's own "report a problem" (lib/report-location.ts) opens the same dialog.
  useEffect(() => registerReportOpener(value.openReport), [value]);

  return (
    <Ctx.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {addMounted && <AddLocationDialog open={addOpen} onOpenChange={setAddOpen} />}
        {reportMounted && <ReportDialog open={reportOpen} onOpenChange={setReportOpen} locationId={reportLocationId} />}
      </Suspense>
    </Ctx.Provider>
  );
}

export function useAppDialogs(): AppDialogs {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useAppDialogs outside AppDialogsProvider');
  return ctx;
}
