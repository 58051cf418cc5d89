import { answerCheck, type CheckRequest } from "./check-answer";

/** The live Mauro-TeX checker, off the main thread: one answer per document version sent. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CheckRequest>) => void) | null;
  postMessage: (message: unknown) => void;
};

scope.onmessage = (event) => {
  scope.postMessage(answerCheck(event.data));
};
