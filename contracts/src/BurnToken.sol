// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FeeToken} from "./base/FeeToken.sol";
import {IBurnToken} from "./interfaces/IBurnToken.sol";

/// @title BurnToken: the product's deflationary token, traded against USDT
/// @notice A fee token (see IFeeToken) whose burn share burns only during the burn phase (`burnTime` seconds
///         from opening, 0: no end) and never below the supply floor `burnMin`; otherwise it goes to the pool
///         share. A non-exempt account may buy at most `swapEveryMax` tokens per `swapEveryTime` window.
///         See docs/tokens.md.
contract BurnToken is IBurnToken, FeeToken {
    /// @inheritdoc IBurnToken
    uint256 public constant MAX_BURN_TIME = 3650 days;
    /// @inheritdoc IBurnToken
    uint256 public constant MAX_GAS = 5_000_000;
    /// @inheritdoc IBurnToken
    uint256 public constant MAX_WINDOW = 1 days;

    /// @dev Read on buys and on burning fees (one slot).
    struct Limits {
        uint32 burnTime;
        uint32 swapEveryTime;
        uint32 dividendGas;
        uint96 swapEveryMax;
    }

    /// @dev An account's buy-limit window (one slot).
    struct Window {
        uint40 start;
        uint96 bought;
    }

    Limits private _limits;
    uint96 private _burnMin;
    uint96 private _activeAmount;
    mapping(address account => Window) private _windows;

    /// @param name_ ERC20 name.
    /// @param symbol_ ERC20 symbol.
    /// @param initialOwner Owner (Ownable2Step); fee-exempt.
    /// @param holder Receives the whole supply; fee-exempt.
    /// @param supply The fixed supply (18 decimals).
    /// @param router_ The DEX router; the token/USDT pair is created on its factory.
    /// @param usdt_ The quote token.
    /// @param accounts_ Fee destinations and related accounts.
    constructor(
        string memory name_,
        string memory symbol_,
        address initialOwner,
        address holder,
        uint256 supply,
        address router_,
        address usdt_,
        Accounts memory accounts_
    ) FeeToken(name_, symbol_, initialOwner, holder, supply, router_, usdt_, accounts_) {
        // defaults: burn forever down to 10% of the supply, no buy limit
        _setBurnSettings(
            BurnSettings({
                burnTime: 0,
                burnMin: supply / 10,
                activeAmount: 0,
                dividendGas: 300_000,
                swapEveryMax: 0,
                swapEveryTime: 0
            })
        );
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IBurnToken
    function getConfig() external view returns (Config memory config) {
        (Fees memory buyFees, Fees memory sellFees) = getFees();
        (uint256 openTime, uint256 startBlock) = _openingOf();
        Limits memory lim = _limits;
        config = Config({
            startBlock: startBlock,
            openTime: openTime,
            burnTime: lim.burnTime,
            burnMin: _burnMin,
            activeAmount: _activeAmount,
            dividendGas: lim.dividendGas,
            addPoolRate: sellFees.pool,
            buyRate: uint256(buyFees.burn) + buyFees.pool + buyFees.node + buyFees.market + buyFees.dividend,
            swapEveryMax: lim.swapEveryMax,
            swapEveryTime: lim.swapEveryTime
        });
    }

    /// @inheritdoc IBurnToken
    function isActive(address account) external view returns (bool) {
        uint256 balance = balanceOf(account);
        return balance != 0 && !(balance < _activeAmount);
    }

    /// @inheritdoc IBurnToken
    function buyWindow(address account) external view returns (uint256 start, uint256 bought) {
        Window memory w = _windows[account];
        return (w.start, w.bought);
    }

    // ---------------------------------------------------------------- actions

    /// @inheritdoc IBurnToken
    function swapAndTrans() external {
        // an external call so the inherited checks and errors apply unchanged
        FeeToken(this).swapAndLiquify();
    }

    /// @inheritdoc IBurnToken
    function setBurnSettings(BurnSettings calldata settings) external onlyOwner {
        _setBurnSettings(settings);
    }

    // ---------------------------------------------------------------- internals

    /// @dev Applies the buy limit to a non-exempt buy once trading is open, then the fee token's rules.
    function _update(address from, address to, uint256 value) internal override {
        if (from == swapPair() && to != address(0)) {
            Limits memory lim = _limits;
            if (lim.swapEveryMax != 0 && lim.swapEveryTime != 0 && _isOpen() && !isFeeExempt(to)) {
                _checkBuyLimit(to, value, lim);
            }
        }
        super._update(from, to, value);
    }

    /// @dev Counts `value` against `buyer`'s window, opening a new window when the last one has ended.
    function _checkBuyLimit(address buyer, uint256 value, Limits memory lim) private {
        Window memory w = _windows[buyer];
        // forge-lint: disable-next-line(block-timestamp)
        if (!(block.timestamp < uint256(w.start) + lim.swapEveryTime)) {
            w = Window(uint40(block.timestamp), 0);
        }
        uint256 bought = uint256(w.bought) + value;
        if (bought > lim.swapEveryMax) revert BuyLimitExceeded(value, lim.swapEveryMax - w.bought);
        // bought <= swapEveryMax <= type(uint96).max
        _windows[buyer] = Window(w.start, uint96(bought));
    }

    /// @dev Outside the burn phase, or when burning would take the supply below `burnMin`, the burn share
    ///      goes to the pool share instead (the total fee is unchanged).
    function _takeFees(address from, uint256 value, Fees memory fees) internal override returns (uint256) {
        if (fees.burn != 0 && !_burnAllowed(value * fees.burn / FEE_DENOMINATOR)) {
            // both rates are capped at 10%: the sum fits
            fees.pool += fees.burn;
            fees.burn = 0;
        }
        return super._takeFees(from, value, fees);
    }

    function _burnAllowed(uint256 burnShare) private view returns (bool) {
        uint256 burnTime = _limits.burnTime;
        if (burnTime != 0) {
            (uint256 openTime,) = _openingOf();
            // forge-lint: disable-next-line(block-timestamp)
            if (!(block.timestamp < openTime + burnTime)) return false;
        }
        return !(totalSupply() < uint256(_burnMin) + burnShare);
    }

    function _setBurnSettings(BurnSettings memory s) private {
        uint256 supply = totalSupply();
        _checkMax(s.burnTime, MAX_BURN_TIME);
        _checkMax(s.burnMin, supply);
        _checkMax(s.activeAmount, supply);
        _checkMax(s.dividendGas, MAX_GAS);
        _checkMax(s.swapEveryMax, supply);
        _checkMax(s.swapEveryTime, MAX_WINDOW);
        // every value is within its cap, and the caps fit the packed fields (supply <= type(uint96).max)
        _limits = Limits({
            burnTime: uint32(s.burnTime),
            swapEveryTime: uint32(s.swapEveryTime),
            dividendGas: uint32(s.dividendGas),
            swapEveryMax: uint96(s.swapEveryMax)
        });
        _burnMin = uint96(s.burnMin);
        _activeAmount = uint96(s.activeAmount);
        emit BurnSettingsUpdated(s);
    }

    function _checkMax(uint256 value, uint256 max) private pure {
        if (value > max) revert SettingTooHigh(value, max);
    }
}
