// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IHoldDividend} from "./interfaces/IHoldDividend.sol";
import {ShareDividend} from "./base/ShareDividend.sol";
import {DividendMath} from "./libraries/DividendMath.sol";

/// @title HoldDividend: a token's dividend share paid to its holders by pull claims, behind an ERC1967 (UUPS) proxy
/// @notice See IHoldDividend and docs/dividends.md. The reward token is the held token itself.
contract HoldDividend is IHoldDividend, ShareDividend {
    /// @notice Sets the owner, the registry (for its manager) and the token (held and paid).
    function initialize(address owner_, address presale_, address token_) external initializer {
        _initShareDividend(owner_, presale_, token_, token_);
    }

    /// @inheritdoc IHoldDividend
    function claim() external nonReentrant {
        ShareDividendStorage storage $ = _storage();
        _updatePool($);
        Holder storage h = $.accounts[msg.sender];
        uint256 owed = _owed(h.share.amount, _unpaid(h), $.rewardPer);
        if (owed == 0) revert NothingToClaim();
        _pay($, msg.sender, owed);
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
}
