/**
 * The actions only a transaction needs (viem's request preparation, sending, gas estimation, the BNB
 * balance it is checked against, and receipt polling: ~9 kB gzip). `wagmiDriver` imports this module on the first transaction, so `/`
 * does not load it with the page.
 */
export { estimateContractGas, getBalance } from "viem/actions";
export { waitForTransactionReceipt, writeContract } from "wagmi/actions";
