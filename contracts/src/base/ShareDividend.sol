// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IShareDividend} from "../interfaces/IShareDividend.sol";
import {IPresale} from "../interfaces/IPresale.sol";
import {DividendMath} from "../libraries/DividendMath.sol";

/// @title ShareDividend: reward-per-share accounting over credited shares, the base of LpDividend and HoldDividend
/// @dev A holder has earned `floor((shares * rewardPer + correction) / 1e18)` in total: the correction is moved by
///      `-delta * rewardPer` whenever the shares change, so a change never alters what was earned before it
///      (a new holder earns nothing from before). `unpaid` is the correction less 1e18 x what was paid, so what is
///      owed is `floor((shares * rewardPer + unpaid) / 1e18)` (one slot to read and write when paying; stored with
///      its sign bit flipped and written at listing, so a payment never pays for a fresh storage slot) and the
///      earned total is never rounded before the last step: each holder is short of its exact share by less than
///      1 wei (plus its part of the division carry, which the next distribution pays).
abstract contract ShareDividend is
    IShareDividend,
    Initializable,
    OwnableUpgradeable,
    UUPSUpgradeable,
    ReentrancyGuardTransient
{
    using SafeERC20 for IERC20;

    uint256 private constant _SIGN_BIT = 1 << 255;

    /// @dev What a payout loop needs of a holder, one slot.
    struct Share {
        uint104 amount;
        uint104 observed;
        uint32 observedBlock;
        bool listed;
        bool blackListed;
    }

    struct Holder {
        Share share;
        int256 correction;
        /// @dev `unpaid` with its sign bit flipped (see `_unpaid`): never zero once listed.
        bytes32 unpaidFlipped;
        uint32 index;
    }

    /// @custom:storage-location erc7201:taichi.storage.ShareDividend
    struct ShareDividendStorage {
        IERC20 reward;
        IERC20 shares;
        IPresale presale;
        uint256 totalShares;
        uint256 rewardPer;
        uint256 carry;
        uint256 lastBalance;
        uint256 totalReward;
        uint256 rewardMin;
        uint256 lastIndex;
        address[] holders;
        mapping(address account => Holder) accounts;
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.ShareDividend")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _STORAGE_LOCATION =
        0xb2e37fd5490382a2c35b20e988810abdacbb3c5fb133e3acba021926d2dd0f00;

    modifier onlyOwnerOrManager() {
        _checkOwnerOrManager();
        _;
    }

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    function _initShareDividend(address owner_, address presale_, address reward_, address shares_)
        internal
        onlyInitializing
    {
        if (presale_ == address(0) || reward_ == address(0) || shares_ == address(0)) {
            revert ZeroAddress();
        }
        __Ownable_init(owner_);
        ShareDividendStorage storage $ = _storage();
        $.presale = IPresale(presale_);
        $.reward = IERC20(reward_);
        $.shares = IERC20(shares_);
    }

    // ---------------------------------------------------------------- anyone

    /// @inheritdoc IShareDividend
    function updatePool() external nonReentrant {
        _updatePool(_storage());
    }

    /// @inheritdoc IShareDividend
    function addUser(address account) external nonReentrant {
        ShareDividendStorage storage $ = _storage();
        if ($.accounts[account].share.listed) revert UserExists(account);
        if (!_hasShares($, account)) revert NoShares(account);
        _updatePool($);
        _sync($, account);
    }

    /// @inheritdoc IShareDividend
    function updateUser(address account) external nonReentrant {
        if (account == address(0)) revert ZeroAddress();
        ShareDividendStorage storage $ = _storage();
        // never listed and nothing to credit: listing it would only lengthen every rotation
        if (!$.accounts[account].share.listed && !_hasShares($, account)) return;
        _updatePool($);
        _sync($, account);
    }

    /// @inheritdoc IShareDividend
    function claim() external nonReentrant {
        ShareDividendStorage storage $ = _storage();
        _updatePool($);
        Holder storage h = $.accounts[msg.sender];
        uint256 owed = _owed(h.share.amount, _unpaid(h), $.rewardPer);
        if (owed == 0) revert NothingToClaim();
        _pay($, msg.sender, owed);
    }

    // ---------------------------------------------------------------- admin

    /// @inheritdoc IShareDividend
    function setBlackList(address account, bool blackListed) external onlyOwner nonReentrant {
        if (account == address(0)) revert ZeroAddress();
        ShareDividendStorage storage $ = _storage();
        _updatePool($);
        $.accounts[account].share.blackListed = blackListed;
        emit BlackListUpdated(account, blackListed);
        _sync($, account);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IShareDividend
    function getTokens() external view returns (address reward, address shares) {
        ShareDividendStorage storage $ = _storage();
        return (address($.reward), address($.shares));
    }

    /// @inheritdoc IShareDividend
    function getTotals() external view returns (Totals memory) {
        ShareDividendStorage storage $ = _storage();
        return Totals({
            totalShares: $.totalShares,
            rewardPer: $.rewardPer,
            carry: $.carry,
            lastBalance: $.lastBalance,
            totalReward: $.totalReward,
            // every wei shared was added to lastBalance and every wei paid taken from it
            totalPaid: $.totalReward - $.lastBalance
        });
    }

    /// @inheritdoc IShareDividend
    function pendingReward(address account) public view returns (uint256) {
        ShareDividendStorage storage $ = _storage();
        uint256 rewardPer = $.rewardPer;
        uint256 totalShares = $.totalShares;
        uint256 held = $.reward.balanceOf(address(this));
        if (totalShares != 0 && held > $.lastBalance && _sharesArrivalsNow()) {
            uint256 incoming = _min(held - $.lastBalance, DividendMath.MAX_INCOMING);
            (rewardPer,,) = DividendMath.distribute(rewardPer, $.carry, incoming, totalShares);
        }
        Holder storage h = $.accounts[account];
        return _owed(h.share.amount, _unpaid(h), rewardPer);
    }

    // ---------------------------------------------------------------- internals

    /// @dev Shares what arrived since the last call among the credited shares. With no shares, or when the
    ///      accumulator would pass its bound, the funds wait.
    function _updatePool(ShareDividendStorage storage $) internal virtual {
        uint256 held = $.reward.balanceOf(address(this));
        uint256 lastBalance = $.lastBalance;
        uint256 totalShares = $.totalShares;
        if (!(held > lastBalance) || totalShares == 0) return;
        uint256 incoming = _min(held - lastBalance, DividendMath.MAX_INCOMING);
        (uint256 rewardPer, uint256 carry, bool ok) =
            DividendMath.distribute($.rewardPer, $.carry, incoming, totalShares);
        if (!ok) return;
        $.rewardPer = rewardPer;
        $.carry = carry;
        $.lastBalance = lastBalance + incoming;
        $.totalReward += incoming;
        emit PoolUpdated(incoming, rewardPer);
    }

    /// @dev Lists `account` if new, then credits it what `_creditable` allows (nothing while blacklisted).
    function _sync(ShareDividendStorage storage $, address account) internal {
        Holder storage h = $.accounts[account];
        Share memory s = h.share;
        if (!s.listed) {
            s.listed = true;
            $.holders.push(account);
            h.index = uint32($.holders.length);
            _setUnpaid(h, 0);
        }
        uint256 credited = _creditable($, s, account);
        if (s.blackListed) credited = 0;
        uint256 previous = s.amount;
        s.amount = uint104(credited);
        h.share = s;
        if (credited == previous) return;
        // |delta| < 2^104 and rewardPer <= 2^150: the product fits an int256
        int256 delta = int256(credited) - int256(previous);
        int256 moved = delta * int256($.rewardPer);
        h.correction -= moved;
        _setUnpaid(h, _unpaid(h) - moved);
        $.totalShares = $.totalShares + credited - previous;
        emit ShareUpdated(account, credited);
    }

    /// @dev The share `account` may be credited now, below 2^104; may record what it observed in `s` (stored by
    ///      the caller).
    function _creditable(ShareDividendStorage storage $, Share memory s, address account)
        internal
        view
        virtual
        returns (uint256);

    /// @dev Whether `account` has anything to credit (else it is not worth listing).
    function _hasShares(ShareDividendStorage storage $, address account) internal view virtual returns (bool);

    /// @dev Whether what arrived since the last `_updatePool` would be shared by a call now (for the views).
    function _sharesArrivalsNow() internal view virtual returns (bool) {
        return true;
    }

    /// @dev Pays `amount` to `account` (which has earned it).
    function _pay(ShareDividendStorage storage $, address account, uint256 amount) internal {
        Holder storage h = $.accounts[account];
        _markPaid(h, amount);
        $.lastBalance -= amount;
        emit RewardPaid(account, amount);
        $.reward.safeTransfer(account, amount);
    }

    /// @dev What a holder of `amount` shares is owed at `rewardPer`.
    function _owed(uint256 amount, int256 unpaid, uint256 rewardPer) internal pure returns (uint256) {
        // amount * rewardPer + unpaid is what the holder earned and was not paid, scaled: never negative
        return uint256(int256(amount * rewardPer) + unpaid) / DividendMath.PRECISION;
    }

    /// @dev What the holder was paid in total.
    function _paid(Holder storage h) internal view returns (uint256) {
        return uint256(h.correction - _unpaid(h)) / DividendMath.PRECISION;
    }

    /// @dev Records `amount` (at most what is owed, so far below 2^128) as paid.
    function _markPaid(Holder storage h, uint256 amount) internal {
        _setUnpaid(h, _unpaid(h) - int256(amount * DividendMath.PRECISION));
    }

    /// @dev The correction less 1e18 x what was paid. Stored XOR the sign bit, so 0 (a new holder) is stored as a
    ///      non-zero word: |unpaid| < 2^255 by the share and accumulator bounds, so a listed holder's word is never 0.
    function _unpaid(Holder storage h) internal view returns (int256) {
        uint256 word = uint256(h.unpaidFlipped);
        // never listed: nothing earned
        if (word == 0) return 0;
        return int256(word ^ _SIGN_BIT);
    }

    function _setUnpaid(Holder storage h, int256 unpaid) internal {
        h.unpaidFlipped = bytes32(uint256(unpaid) ^ _SIGN_BIT);
    }

    function _checkOwnerOrManager() private view {
        if (msg.sender != owner() && msg.sender != _storage().presale.getConfig().manager) {
            revert NotOwnerOrManager(msg.sender);
        }
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }

    function _storage() internal pure returns (ShareDividendStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }
}
