export default function LocationPage() {
  return <div className="mx-auto max-w-5xl p-6"><h1 className="text-2xl font-bold">LocationPage</h1></div>;
}
