// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {INodeReward} from "./interfaces/INodeReward.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {DividendMath} from "./libraries/DividendMath.sol";

/// @title NodeReward: node fee shares split by class and paid per node, behind an ERC1967 (UUPS) proxy
/// @notice See INodeReward and docs/dividends.md.
/// @dev Every node has one unit of force in each of its classes, so a node's earnings in a class are
///      `(perForce - debt) / 1e18`; settling advances `debt` by exactly what was credited (times 1e18), so the
///      rounding rest stays with the node for next time and nobody loses a fraction of a wei twice.
contract NodeReward is
    INodeReward,
    Initializable,
    OwnableUpgradeable,
    UUPSUpgradeable,
    ReentrancyGuardTransient
{
    using SafeERC20 for IERC20;

    /// @inheritdoc INodeReward
    uint256 public constant RATE_DENOMINATOR = 10_000;

    struct Member {
        bool isExist;
        bool[3] force;
        uint32 index;
        uint256 balance;
        uint256[3] debt;
        uint256[3] reward;
    }

    /// @custom:storage-location erc7201:taichi.storage.NodeReward
    struct NodeRewardStorage {
        IERC20 token;
        IPresale presale;
        uint256 totalUser;
        uint256 lastBalance;
        uint256 totalPaid;
        uint256[3] rates;
        uint256[3] totalReward;
        uint256[3] totalForce;
        uint256[3] perForce;
        uint256[3] carry;
        mapping(address account => Member) members;
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.NodeReward")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _STORAGE_LOCATION =
        0x5be6e8ee3c919ccd858d03ec6234fbf289a4a1d346ed3bf1a532366901ee3000;

    modifier onlyOwnerOrManager() {
        _checkOwnerOrManager();
        _;
    }

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Sets the owner, the registry (for its manager), the reward token and the class rates.
    function initialize(address owner_, address presale_, address token_, uint256[3] calldata rates)
        external
        initializer
    {
        if (presale_ == address(0) || token_ == address(0)) revert ZeroAddress();
        __Ownable_init(owner_);
        NodeRewardStorage storage $ = _storage();
        $.presale = IPresale(presale_);
        $.token = IERC20(token_);
        _setRates($, rates);
    }

    // ---------------------------------------------------------------- anyone

    /// @inheritdoc INodeReward
    function claim() external nonReentrant {
        NodeRewardStorage storage $ = _storage();
        _updatePool($);
        Member storage m = $.members[msg.sender];
        _settle($, m);
        uint256 amount = m.balance;
        if (amount == 0) revert NothingToClaim();
        m.balance = 0;
        $.lastBalance -= amount;
        $.totalPaid += amount;
        emit Claimed(msg.sender, amount);
        $.token.safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc INodeReward
    function updatePool() external nonReentrant {
        _updatePool(_storage());
    }

    /// @inheritdoc INodeReward
    function updateUser(address account) external nonReentrant {
        NodeRewardStorage storage $ = _storage();
        _updatePool($);
        _settle($, $.members[account]);
    }

    // ---------------------------------------------------------------- admin

    /// @inheritdoc INodeReward
    function setUserForce(address account, bool isForceA, bool isForceB, bool isForceC)
        external
        onlyOwnerOrManager
        nonReentrant
    {
        if (account == address(0)) revert ZeroAddress();
        NodeRewardStorage storage $ = _storage();
        _updatePool($);
        Member storage m = $.members[account];
        _settle($, m);
        if (!m.isExist) {
            m.isExist = true;
            m.index = uint32(++$.totalUser);
        }
        bool[3] memory force = [isForceA, isForceB, isForceC];
        for (uint256 c = 0; c < 3; ++c) {
            if (force[c] == m.force[c]) continue;
            m.force[c] = force[c];
            if (force[c]) {
                ++$.totalForce[c];
                m.debt[c] = $.perForce[c];
            } else {
                --$.totalForce[c];
            }
        }
        emit UserForceUpdated(account, isForceA, isForceB, isForceC);
    }

    /// @inheritdoc INodeReward
    function setRates(uint256[3] calldata rates) external onlyOwner nonReentrant {
        NodeRewardStorage storage $ = _storage();
        _updatePool($);
        _setRates($, rates);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc INodeReward
    function getConfig() external view returns (Config memory) {
        NodeRewardStorage storage $ = _storage();
        return Config({
            rates: $.rates,
            totalUser: $.totalUser,
            totalRewardA: $.totalReward[0],
            totalRewardB: $.totalReward[1],
            totalRewardC: $.totalReward[2],
            totalForceA: $.totalForce[0],
            totalForceB: $.totalForce[1],
            totalForceC: $.totalForce[2],
            perForceA: $.perForce[0],
            perForceB: $.perForce[1],
            perForceC: $.perForce[2],
            lastBalance: $.lastBalance
        });
    }

    /// @inheritdoc INodeReward
    function getUserInfo(address account) external view returns (UserInfo memory info) {
        NodeRewardStorage storage $ = _storage();
        Member storage m = $.members[account];
        uint256[3] memory per = $.perForce;
        uint256 held = $.token.balanceOf(address(this));
        if (held > $.lastBalance) {
            uint256[3] memory amounts = _split($, held - $.lastBalance);
            for (uint256 c = 0; c < 3; ++c) {
                uint256 force = $.totalForce[c];
                if (force != 0) per[c] += (amounts[c] * DividendMath.PRECISION + $.carry[c]) / force;
            }
        }
        uint256[3] memory reward = m.reward;
        uint256 balance = m.balance;
        for (uint256 c = 0; c < 3; ++c) {
            if (!m.force[c]) continue;
            uint256 earned = (per[c] - m.debt[c]) / DividendMath.PRECISION;
            reward[c] += earned;
            balance += earned;
        }
        info = UserInfo({
            isExist: m.isExist,
            isForceA: m.force[0],
            isForceB: m.force[1],
            isForceC: m.force[2],
            index: m.index,
            balance: balance,
            debtA: m.debt[0],
            debtB: m.debt[1],
            debtC: m.debt[2],
            rewardA: reward[0],
            rewardB: reward[1],
            rewardC: reward[2]
        });
    }

    /// @inheritdoc INodeReward
    function token() external view returns (address) {
        return address(_storage().token);
    }

    /// @notice Reward tokens paid out in total.
    function totalPaid() external view returns (uint256) {
        return _storage().totalPaid;
    }

    // ---------------------------------------------------------------- internals

    /// @dev Splits what arrived by the rates; a class without nodes keeps its share in its carry.
    function _updatePool(NodeRewardStorage storage $) private {
        uint256 held = $.token.balanceOf(address(this));
        uint256 lastBalance = $.lastBalance;
        if (!(held > lastBalance)) return;
        uint256 incoming = held - lastBalance;
        uint256[3] memory amounts = _split($, incoming);
        for (uint256 c = 0; c < 3; ++c) {
            $.totalReward[c] += amounts[c];
            uint256 scaled = amounts[c] * DividendMath.PRECISION + $.carry[c];
            uint256 force = $.totalForce[c];
            if (force == 0) {
                $.carry[c] = scaled;
            } else {
                $.perForce[c] += scaled / force;
                $.carry[c] = scaled % force;
            }
        }
        $.lastBalance = held;
        emit PoolUpdated(incoming, amounts[0], amounts[1], amounts[2]);
    }

    /// @dev Class shares of `amount`: A and B rounded down, C the rest, so they add up to `amount`.
    function _split(NodeRewardStorage storage $, uint256 amount)
        private
        view
        returns (uint256[3] memory amounts)
    {
        amounts[0] = amount * $.rates[0] / RATE_DENOMINATOR;
        amounts[1] = amount * $.rates[1] / RATE_DENOMINATOR;
        amounts[2] = amount - amounts[0] - amounts[1];
    }

    /// @dev Credits the member's earnings in each of its classes to its balance.
    function _settle(NodeRewardStorage storage $, Member storage m) private {
        for (uint256 c = 0; c < 3; ++c) {
            if (!m.force[c]) continue;
            uint256 earned = ($.perForce[c] - m.debt[c]) / DividendMath.PRECISION;
            if (earned == 0) continue;
            m.debt[c] += earned * DividendMath.PRECISION;
            m.reward[c] += earned;
            m.balance += earned;
        }
    }

    function _setRates(NodeRewardStorage storage $, uint256[3] calldata rates) private {
        uint256 sum = rates[0] + rates[1] + rates[2];
        if (sum != RATE_DENOMINATOR) revert RatesInvalid(sum);
        $.rates = rates;
        emit RatesUpdated(rates);
    }

    function _checkOwnerOrManager() private view {
        if (msg.sender != owner() && msg.sender != _storage().presale.getConfig().manager) {
            revert NotOwnerOrManager(msg.sender);
        }
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _storage() private pure returns (NodeRewardStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }
}
