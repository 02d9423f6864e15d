export default function AdminPage() {
  return <div className="mx-auto max-w-5xl p-6"><h1 className="text-2xl font-bold">AdminPage</h1></div>;
}
