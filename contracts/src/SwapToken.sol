// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FeeToken} from "./base/FeeToken.sol";
import {ISwapToken} from "./interfaces/ISwapToken.sol";
import {IHoldDividend} from "./interfaces/IHoldDividend.sol";

/// @title SwapToken: the project token sold in the presale and traded against USDT
/// @notice The whole supply is minted once to `holder`; nobody can mint more. Holders can burn. Buys and sells
///         on the USDT pair pay capped fees; see IFeeToken and docs/tokens.md.
contract SwapToken is ISwapToken, FeeToken {
    /// @inheritdoc ISwapToken
    uint256 public constant HOOK_GAS = 175_000;
    /// @dev The gas a transfer must have left before the hook: `HOOK_GAS` after the 63/64 rule, plus the call's own
    ///      cost (a cold target, its code-size check and the arguments).
    uint256 private constant _HOOK_GAS_NEEDED = HOOK_GAS * 64 / 63 + 10_000;
    /// @dev The 23-byte code of an EIP-7702-delegated account (0xef0100 ++ address): still an account that may have
    ///      a credited share (its distributor then lowers it to zero).
    uint256 private constant _DELEGATION_CODE_SIZE = 23;

    address private _shareDistributor;

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
    function shareDistributor() external view returns (address) {
        return _shareDistributor;
    }

    /// @inheritdoc ISwapToken
    function setShareDistributor(address distributor) external onlyOwner {
        if (distributor != address(0)) {
            if (distributor.code.length == 0) revert NotShareDistributor(distributor);
            (, address shares) = IHoldDividend(distributor).getTokens();
            if (shares != address(this)) revert NotShareDistributor(distributor);
        }
        _shareDistributor = distributor;
        emit ShareDistributorUpdated(distributor);
    }

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

    /// @dev After the move, tells the share distributor that `from` sent (or burned) tokens, unless `from` is one of
    ///      this token's system accounts (`isProtected`: the pair, so a buy makes no call, this token during
    ///      swap-and-liquify, the router, the fee receivers and distributor, fee-exempt contracts such as staking),
    ///      which never hold a share, or the share distributor itself (its payouts never re-enter it). Any other
    ///      contract is told too: one may have been credited at its address before its code was deployed
    ///      (CREATE2). The fee shares moved by `_takeFees` never pass here. The call gets its whole `HOOK_GAS` or
    ///      the transfer reverts, and whatever the distributor does, the transfer stands.
    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        // the only mint (from address(0)) is the constructor's, before any distributor is set
        uint256 codeSize = from.code.length;
        if (codeSize != 0 && codeSize != _DELEGATION_CODE_SIZE && isProtected(from)) return;
        address distributor = _shareDistributor;
        if (distributor == address(0) || from == distributor) return;
        if (gasleft() < _HOOK_GAS_NEEDED) revert HookGasTooLow(gasleft(), _HOOK_GAS_NEEDED);
        try IHoldDividend(distributor).onTransfer{gas: HOOK_GAS}(from) {} catch {}
    }
}
