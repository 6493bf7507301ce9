import {
  API,
  type PrinterBody,
  type PrintJobState,
  printerDeletedSchema,
  printerListSchema,
  printerPaperSchema,
  printerSchema,
  printJobListSchema,
  printJobPageSchema,
  printJobSchema,
  stationPrinterSchema,
} from "@tablemate/core";
import { call } from "./http.js";

/** The printing console calls (core's contract/console-print.ts). */

export const listPrinters = (rid: number) => call(API.consolePrinters(rid), printerListSchema);

export const savePrinter = (rid: number, id: number | null, body: PrinterBody) =>
  id === null
    ? call(API.consolePrinters(rid), printerSchema, { method: "POST", body })
    : call(API.consolePrinter(rid, id), printerSchema, { method: "PUT", body });

export const deletePrinter = (rid: number, id: number) =>
  call(API.consolePrinter(rid, id), printerDeletedSchema, { method: "DELETE" });

export const printTestPage = (rid: number, id: number) =>
  call(API.consolePrinterTest(rid, id), printJobSchema, { method: "POST" });

export const printerPaper = (rid: number, id: number) =>
  call(API.consolePrinterPaper(rid, id), printerPaperSchema);

export const routeStation = (rid: number, sid: number, printerId: number | null) =>
  call(API.consoleStationPrinter(rid, sid), stationPrinterSchema, { method: "PUT", body: { printerId } });

export const listPrintJobs = (rid: number, state?: PrintJobState) =>
  call(API.consolePrintJobs(rid), printJobListSchema, { query: state ? { state } : {} });

export const retryPrintJob = (rid: number, id: number) =>
  call(API.consolePrintJobRetry(rid, id), printJobSchema, { method: "POST" });

export const reprintPrintJob = (rid: number, id: number) =>
  call(API.consolePrintJobReprint(rid, id), printJobSchema, { method: "POST" });

/** A job with its page (a browser printer's, to print here). */
export const printJobPage = (rid: number, id: number) =>
  call(API.consolePrintJob(rid, id), printJobPageSchema);

/** The browser printed the job (after its dialog, on staff's word): the queue shows it printed. */
export const markJobPrinted = (rid: number, id: number) =>
  call(API.consolePrintJobPrinted(rid, id), printJobSchema, { method: "POST" });
