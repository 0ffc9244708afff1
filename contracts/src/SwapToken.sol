// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FeeToken} from "./base/FeeToken.sol";
import {ISwapToken} from "./interfaces/ISwapToken.sol";

/// @title SwapToken: the project token sold in the presale and traded against USDT
/// @notice The whole supply is minted once to `holder`; nobody can mint more. Holders can burn. Buys and sells
///         on the USDT pair pay capped fees; see IFeeToken and docs/tokens.md.
contract SwapToken is ISwapToken, FeeToken {
    /// @param initialOwner Owner (Ownable2Step); fee-exempt.
    /// @param holder Receives the whole supply; fee-exempt.
    /// @param supply The fixed supply (18 decimals).
    /// @param router_ The DEX router; the token/USDT pair is created on its factory.
    /// @param usdt_ The quote token.
    /// @param accounts_ Fee destinations and related accounts.
    constructor(
        address initialOwner,
        address holder,
        uint256 supply,
        address router_,
        address usdt_,
        Accounts memory accounts_
    ) FeeToken("Taichi", "TAICHI", initialOwner, holder, supply, router_, usdt_, accounts_) {}

    /// @inheritdoc ISwapToken
    function getConfig() external view returns (Config memory config) {
        (Fees memory buyFees, Fees memory sellFees) = getFees();
        (uint256 openTime, uint256 startBlock) = _openingOf();
        Accounts memory a = getAccounts();
        config = Config({
            startBlock: startBlock,
            openTime: openTime,
            buyRate: uint256(buyFees.burn) + buyFees.pool + buyFees.node + buyFees.market + buyFees.dividend,
            addPoolRate: sellFees.pool,
            nodeReward: sellFees.node,
            slgReward: sellFees.dividend,
            market: a.market,
            node: a.node,
            swapPair: swapPair(),
            usdt: usdt(),
            trc: a.trc,
            main: a.main,
            distributor: a.distributor,
            router: router()
        });
    }
}
