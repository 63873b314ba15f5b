// What other modules use of this one: they import it from here, never its files.
export { chargeTokens, monthKey, readAllowance } from './allowance';
export { getCurrentUsage } from './usage.service';
