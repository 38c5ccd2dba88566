// The MUI X charts the overview draws, in a module of their own: report-charts.tsx loads it in the
// browser after the page has hydrated, so the page's own scripts leave it out.
export { BarChart } from "@mui/x-charts/BarChart";
export { LineChart } from "@mui/x-charts/LineChart";
