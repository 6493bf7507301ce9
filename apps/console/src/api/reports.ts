import { API, type ReportSummary, reportSummarySchema } from "@tablemate/core";
import { call, withQuery } from "./http.js";

/** A range of the restaurant's days; none given means today there. */
export interface ReportRange {
  from?: string;
  to?: string;
}

export function fetchSummary(restaurantId: number, range: ReportRange): Promise<ReportSummary> {
  return call(API.consoleReportsSummary(restaurantId), reportSummarySchema, { query: { ...range } });
}

/** The orders' CSV of the range (a download: the browser sends the session's cookie). */
export function ordersCsvUrl(restaurantId: number, range: ReportRange): string {
  return withQuery(API.consoleReportsCsv(restaurantId), { ...range });
}
