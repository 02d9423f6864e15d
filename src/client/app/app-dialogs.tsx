// The app-wide dialogs opened from the header (Add New Location, Report) and the location a
// report is about. Pages and dialogs that show one place call useReportLocation(id) while they
// are open, so a report started there carries that place's id (issue 7, a deliberate
// improvement on the spec's always-null id).
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

const AddLocationDialog = lazy(() => import('../features/add-location/add-location-dialog'));
const ReportDialog = lazy(() => import('../features/report/report-dialog'));

interface AppDialogs {
  openAddLocation(): void;
  openReport(): void;
  /** Registers the place in view; returns the function that unregisters it. */
  pushReportLocation(id: number): () => void;
}

const Ctx = createContext<AppDialogs | null>(null);

export function AppDialogsProvider({ children }: { children: ReactNode }) {
  const [addOpen, setAddOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  // A stack: a dialog opened over a page wins while it is open.
  const stack = useRef<number[]>([]);
  const [reportLocationId, setReportLocationId] = useState<number | null>(null);
  // Dialog code is fetched the first time one is opened, not with the first page.
  const [addMounted, setAddMounted] = useState(false);
  const [reportMounted, setReportMounted] = useState(false);

  const pushReportLocation = useCallback((id: number) => {
    stack.current = [...stack.current, id];
    return () => {
      const i = stack.current.lastIndexOf(id);
      if (i >= 0) stack.current = [...stack.current.slice(0, i), ...stack.current.slice(i + 1)];
    };
  }, []);

  const value = useMemo<AppDialogs>(
    () => ({
      openAddLocation: () => {
        setAddMounted(true);
        setAddOpen(true);
      },
      openReport: () => {
        setReportLocationId(stack.current.at(-1) ?? null);
        setReportMounted(true);
        setReportOpen(true);
      },
      pushReportLocation,
    }),
    [pushReportLocation],
  );

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

/** While the calling component shows place `id`, reports are about that place. */
export function useReportLocation(id: number | null | undefined): void {
  const { pushReportLocation } = useAppDialogs();
  useEffect(() => {
    if (id == null) return;
    return pushReportLocation(id);
  }, [id, pushReportLocation]);
}
