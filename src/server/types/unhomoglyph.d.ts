// The library ships no types: one function from text to its confusable prototype text.
declare module 'unhomoglyph' {
  export default function unhomoglyph(text: string): string;
}
