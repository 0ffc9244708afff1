// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ILpDividend} from "./interfaces/ILpDividend.sol";
import {ShareDividend} from "./base/ShareDividend.sol";

/// @title LpDividend: a token's dividend share paid to the LP staked in it, in rotation, behind an ERC1967 (UUPS) proxy
/// @notice See ILpDividend and docs/dividends.md.
/// @dev A holder's share is the LP it staked here (none while blacklisted): the distributor sees every change, so
///      one LP balance earns in one account only. What arrived is shared at most once a block, at the first call of
///      the block, before that call changes any stake: LP staked and unstaked within one block (a flash loan) is never
///      staked when anything is shared. `sendReward` predicts the next holder's cost by the previous one's and stops before the budget (less a
///      reserve for the bookkeeping after the loop) would be passed; the budget is the `gas` asked for or, when the
///      transaction has less left, what it has beyond what ending the round can cost. Each payment is a low-level call limited to the budget left that
///      copies no return data beyond one word, so a failing or gas-hungry token transfer costs the round at most its
///      budget and never reverts it.
contract LpDividend is ILpDividend, ShareDividend {
    using SafeERC20 for IERC20;

    /// @inheritdoc ILpDividend
    uint256 public constant MAX_REWARD_MIN = 1000 ether;
    /// @dev Gas of the budget asked for kept for what follows the loop (pointer, totals, event).
    uint256 private constant _FINISH_RESERVE = 15_000;
    /// @dev Gas a round keeps of what its transaction has left, for what may follow a holder's visit at most: the
    ///      payment's own call, the holder's record, the pointer written from zero (20,000), the totals' slot and
    ///      the event. Unlike the budget asked for, this gas cannot be overrun.
    uint256 private constant _FINISH_GAS = 45_000;
    /// @dev A payment that fails with less than this much gas ends the round at its holder instead of failing it:
    ///      else anyone could pick a budget that starves one holder's payment and moves the rotation past it.
    uint256 private constant _MIN_FAILED_PAYMENT_GAS = 100_000;

    /// @custom:storage-location erc7201:taichi.storage.LpDividend
    struct LpDividendStorage {
        mapping(address account => uint256) staked;
        uint256 totalStaked;
        /// @dev The block of the last `_updatePool`.
        uint256 poolBlock;
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.LpDividend")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _LP_STORAGE_LOCATION =
        0x21edba003b2eda14974802319c696f054de68e4fb5e713a9cfb138cc5e09f000;

    /// @dev What a `sendReward` round reads once and adds up.
    struct Round {
        uint256 rewardPer;
        uint256 rewardMin;
        address reward;
        uint256 paid;
        uint256 amount;
    }

    /// @notice Sets the owner (admin), the registry (for its manager), the reward token, the LP token and the
    ///         smallest payment.
    function initialize(address owner_, address presale_, address token_, address lp_, uint256 rewardMin)
        external
        initializer
    {
        // the staked LP would be paid out as rewards
        if (token_ == lp_) revert RewardIsStakeToken(token_);
        _initShareDividend(owner_, presale_, token_, lp_);
        _setRewardMin(rewardMin);
    }

    /// @inheritdoc ILpDividend
    function stake(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        ShareDividendStorage storage $ = _storage();
        _updatePool($);
        IERC20 lp = $.shares;
        uint256 before = lp.balanceOf(address(this));
        lp.safeTransferFrom(msg.sender, address(this), amount);
        // what arrived, should the LP token take a fee on transfers
        uint256 received = lp.balanceOf(address(this)) - before;
        if (received == 0) revert ZeroAmount();
        LpDividendStorage storage stakes = _lpStorage();
        stakes.staked[msg.sender] += received;
        stakes.totalStaked += received;
        _sync($, msg.sender);
        emit Staked(msg.sender, received);
    }

    /// @inheritdoc ILpDividend
    function unstake(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        LpDividendStorage storage stakes = _lpStorage();
        uint256 staked = stakes.staked[msg.sender];
        if (amount > staked) revert UnstakeExceedsStake(amount, staked);
        ShareDividendStorage storage $ = _storage();
        _updatePool($);
        // amount <= staked <= totalStaked
        unchecked {
            stakes.staked[msg.sender] = staked - amount;
            stakes.totalStaked -= amount;
        }
        _sync($, msg.sender);
        emit Unstaked(msg.sender, amount);
        $.shares.safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc ILpDividend
    function sendReward(uint256 gas) external nonReentrant {
        uint256 start = gasleft();
        ShareDividendStorage storage $ = _storage();
        _updatePool($);
        uint256 count = $.holders.length;
        if (count == 0) return;
        Round memory r = Round({
            rewardPer: $.rewardPer, rewardMin: $.rewardMin, reward: address($.reward), paid: 0, amount: 0
        });
        uint256 i = $.lastIndex;
        if (!(i < count)) i = 0;
        uint256 visited;
        uint256 cost;
        while (visited < count) {
            uint256 left = gasleft();
            uint256 used = start - left;
            // what the next holder may cost: the budget asked for, less the reserve for what follows the loop, or
            // what the transaction still has beyond what that can cost at most, whichever is less
            uint256 limit = used + _FINISH_RESERVE < gas ? gas - used - _FINISH_RESERVE : 0;
            uint256 real = left > _FINISH_GAS ? left - _FINISH_GAS : 0;
            if (real < limit) limit = real;
            if (limit == 0 || cost > limit) break;
            if (!_visit($, r, $.holders[i], limit)) break;
            unchecked {
                ++visited;
                i = i + 1 == count ? 0 : i + 1;
                cost = left - gasleft();
            }
        }
        $.lastIndex = i;
        if (r.amount != 0) $.lastBalance -= r.amount;
        emit RewardSent(visited, r.paid, r.amount, i);
    }

    /// @inheritdoc ILpDividend
    function setRewardMin(uint256 rewardMin) external onlyOwnerOrManager {
        _setRewardMin(rewardMin);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc ILpDividend
    function users(address account) public view returns (UserInfo memory) {
        Holder storage h = _storage().accounts[account];
        Share memory s = h.share;
        return UserInfo({
            isValid: s.listed && !s.blackListed && s.amount != 0,
            isBlackList: s.blackListed,
            index: h.index,
            lp: s.amount,
            reward: _paid(h),
            pending: pendingReward(account),
            staked: _lpStorage().staked[account]
        });
    }

    /// @inheritdoc ILpDividend
    function getConfig() external view returns (Config memory) {
        ShareDividendStorage storage $ = _storage();
        return Config({
            nextIndex: $.lastIndex,
            userTotal: $.holders.length,
            rewardMin: $.rewardMin,
            token: address($.reward),
            lp: address($.shares),
            totalStaked: _lpStorage().totalStaked
        });
    }

    /// @inheritdoc ILpDividend
    function getUsers(uint256 start, uint256 count)
        external
        view
        returns (address[] memory accounts, UserInfo[] memory infos)
    {
        address[] storage holders = _storage().holders;
        uint256 end = _min(holders.length, start + _min(count, holders.length));
        uint256 n = end > start ? end - start : 0;
        accounts = new address[](n);
        infos = new UserInfo[](n);
        for (uint256 k = 0; k < n; ++k) {
            accounts[k] = holders[start + k];
            infos[k] = users(accounts[k]);
        }
    }

    /// @inheritdoc ILpDividend
    function getUsersAll() external view returns (address[] memory) {
        return _storage().holders;
    }

    // ---------------------------------------------------------------- internals

    /// @dev Shares what arrived at most once a block, before the block's first stake change.
    function _updatePool(ShareDividendStorage storage $) internal override {
        LpDividendStorage storage stakes = _lpStorage();
        if (stakes.poolBlock == block.number) return;
        stakes.poolBlock = block.number;
        super._updatePool($);
    }

    function _sharesArrivalsNow() internal view override returns (bool) {
        return _lpStorage().poolBlock != block.number;
    }

    /// @dev The LP staked (credited at once: unstaking lowers it in the same call).
    function _creditable(ShareDividendStorage storage, Share memory, address account)
        internal
        view
        override
        returns (uint256)
    {
        return _min(_lpStorage().staked[account], type(uint104).max);
    }

    function _hasShares(ShareDividendStorage storage, address account) internal view override returns (bool) {
        return _lpStorage().staked[account] != 0;
    }

    /// @dev Pays `account` what it is owed if it is not blacklisted and is owed at least `rewardMin`; a failed
    ///      payment stays owed. False when the payment failed on a small budget: the round ends at `account`.
    function _visit(ShareDividendStorage storage $, Round memory r, address account, uint256 gasLimit)
        private
        returns (bool visited)
    {
        Holder storage h = $.accounts[account];
        Share memory s = h.share;
        if (s.blackListed) return true;
        uint256 owed = _owed(s.amount, _unpaid(h), r.rewardPer);
        if (owed == 0 || owed < r.rewardMin) return true;
        // the payment gets the budget or, if less, what the transaction has beyond what follows it can cost: the
        // floor check below then sees the gas the payment really had, so a payment starved by a transaction with
        // less gas than asked for ends the round at this holder instead of skipping it, and the round still ends
        uint256 available = gasleft();
        available = available > _FINISH_GAS ? available - _FINISH_GAS : 0;
        if (available < gasLimit) gasLimit = available;
        if (_tryTransfer(r.reward, account, owed, gasLimit)) {
            _markPaid(h, owed);
            ++r.paid;
            r.amount += owed;
        } else {
            if (gasLimit < _MIN_FAILED_PAYMENT_GAS) return false;
            emit RewardFailed(account, owed);
        }
        return true;
    }

    /// @dev `IERC20.transfer` with at most `gasLimit` gas; true when it did not revert and returned true or
    ///      nothing.
    function _tryTransfer(address token, address to, uint256 amount, uint256 gasLimit)
        private
        returns (bool ok)
    {
        bytes4 selector = IERC20.transfer.selector;
        assembly ("memory-safe") {
            let data := mload(0x40)
            mstore(data, selector)
            mstore(add(data, 0x04), to)
            mstore(add(data, 0x24), amount)
            mstore(0, 0)
            ok := call(gasLimit, token, 0, data, 0x44, 0, 0x20)
            if ok { ok := or(iszero(returndatasize()), and(gt(returndatasize(), 31), eq(mload(0), 1))) }
        }
    }

    function _setRewardMin(uint256 rewardMin) private {
        if (rewardMin > MAX_REWARD_MIN) revert RewardMinTooHigh(rewardMin, MAX_REWARD_MIN);
        _storage().rewardMin = rewardMin;
        emit RewardMinUpdated(rewardMin);
    }

    function _lpStorage() private pure returns (LpDividendStorage storage stakes) {
        assembly {
            stakes.slot := _LP_STORAGE_LOCATION
        }
    }
}
