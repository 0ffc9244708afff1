// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IHoldDividend} from "./interfaces/IHoldDividend.sol";
import {ShareDividend} from "./base/ShareDividend.sol";
import {DividendMath} from "./libraries/DividendMath.sol";

/// @title HoldDividend: a token's dividend share paid to its holders by pull claims, behind an ERC1967 (UUPS) proxy
/// @notice See IHoldDividend and docs/dividends.md. The reward token is the held token itself.
contract HoldDividend is IHoldDividend, ShareDividend {
    address private constant _DEAD = 0x000000000000000000000000000000000000dEaD;
    /// @dev What an EIP-7702-delegated account's code starts with (`0xef0100 || delegate`, 23 bytes).
    bytes3 private constant _DELEGATION_PREFIX = 0xef0100;

    /// @notice Sets the owner, the registry (for its manager) and the token (held and paid).
    function initialize(address owner_, address presale_, address token_) external initializer {
        _initShareDividend(owner_, presale_, token_, token_);
    }

    /// @inheritdoc IHoldDividend
    function onTransfer(address from) external nonReentrant {
        ShareDividendStorage storage $ = _storage();
        if (msg.sender != address($.shares)) revert NotShareToken(msg.sender);
        // never listed: no share to lower, and no listing paid for by a transfer
        if (!$.accounts[from].share.listed) return;
        _updatePool($);
        _sync($, from);
    }

    /// @inheritdoc IHoldDividend
    function updateUsers(uint256 count) external nonReentrant {
        ShareDividendStorage storage $ = _storage();
        uint256 total = $.holders.length;
        if (total == 0) return;
        _updatePool($);
        uint256 i = $.lastIndex;
        if (!(i < total)) i = 0;
        count = _min(count, total);
        for (uint256 k = 0; k < count; ++k) {
            _sync($, $.holders[i]);
            i = i + 1 == total ? 0 : i + 1;
        }
        $.lastIndex = i;
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IHoldDividend
    function users(address account) external view returns (UserInfo memory) {
        ShareDividendStorage storage $ = _storage();
        Holder storage h = $.accounts[account];
        uint256 amount = h.share.amount;
        return UserInfo({
            isExist: h.share.listed,
            amount: amount,
            dept: -h.correction / int256(DividendMath.PRECISION),
            balance: pendingReward(account),
            rewardTotal: _paid(h)
        });
    }

    /// @inheritdoc IHoldDividend
    function isBlacklisted(address account) external view returns (bool) {
        return _storage().accounts[account].share.blackListed;
    }

    /// @inheritdoc IHoldDividend
    function getConfig() external view returns (Config memory) {
        ShareDividendStorage storage $ = _storage();
        return Config({
            totalUser: $.holders.length,
            totalReward: $.totalReward,
            totalForce: $.totalShares,
            rewardPer: $.rewardPer,
            lastIndex: $.lastIndex,
            lastBalance: $.lastBalance
        });
    }

    // ---------------------------------------------------------------- internals

    /// @dev The lower of the balance now and the balance seen at the account's last update in an earlier block
    ///      (in the same block the share can only go down): a balance borrowed for one transaction never earns.
    function _creditable(ShareDividendStorage storage $, Share memory s, address account)
        internal
        view
        override
        returns (uint256 credited)
    {
        uint256 balance = _eligible(account) ? _min($.shares.balanceOf(account), type(uint104).max) : 0;
        if (block.number > s.observedBlock) {
            credited = _min(balance, s.observed);
            s.observed = uint104(balance);
            s.observedBlock = uint32(block.number);
        } else {
            credited = _min(balance, s.amount);
            s.observed = uint104(_min(balance, s.observed));
        }
    }

    function _hasShares(ShareDividendStorage storage $, address account)
        internal
        view
        override
        returns (bool)
    {
        return _eligible(account) && $.shares.balanceOf(account) != 0;
    }

    /// @dev Members' wallets hold a share: accounts without code and EIP-7702-delegated ones (a key holder's
    ///      account, whose code is only a delegation; no contract can be deployed with code starting 0xef, EIP-3541).
    ///      Contracts (the pair, this distributor, staking and swap contracts), the zero and the dead address never
    ///      do: what they hold is not a member's.
    function _eligible(address account) private view returns (bool) {
        if (account == address(0) || account == _DEAD) return false;
        uint256 size = account.code.length;
        return size == 0 || (size == 23 && bytes3(account.code) == _DELEGATION_PREFIX);
    }
}
