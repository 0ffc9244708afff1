// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FeeToken} from "./base/FeeToken.sol";
import {IMiningToken} from "./interfaces/IMiningToken.sol";

/// @title MiningToken: the product's mining token, traded against USDT
/// @notice A fee token (see IFeeToken) with a whitelist window: for `whiteTime` seconds after opening only
///         whitelisted accounts may buy, at most `whiteMax` each. `autoSwap` switches the automatic
///         swap-and-liquify; `lpReward` totals the pool shares; `burnPool` burns what the dead address holds.
///         See docs/tokens.md.
contract MiningToken is IMiningToken, FeeToken {
    /// @inheritdoc IMiningToken
    uint256 public constant MAX_WHITE_TIME = 1 days;
    /// @inheritdoc IMiningToken
    uint256 public constant MAX_GAS = 5_000_000;

    /// @dev Read on buys (one slot).
    struct MiningState {
        uint32 whiteTime;
        uint96 whiteMax;
        uint32 sendGas;
        bool autoSwap;
    }

    /// @dev An account's last buy and its purchases during the whitelist window (one slot).
    struct Last {
        uint40 lastBuy;
        uint96 whiteBought;
        bool whiteListed;
    }

    MiningState private _mining;
    uint256 private _lpReward;
    mapping(address account => Last) private _lasts;

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
        // defaults: no whitelist window, automatic swap on
        _setMiningSettings(MiningSettings({whiteTime: 0, whiteMax: 0, sendGAS: 300_000, autoSwap: true}));
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IMiningToken
    function getConfig() external view returns (Config memory config) {
        (Fees memory buyFees, Fees memory sellFees) = getFees();
        MiningState memory m = _mining;
        config = Config({
            whiteTime: m.whiteTime,
            whiteMax: m.whiteMax,
            tjqReward: sellFees.node,
            rewardDiv1: buyFees.dividend,
            rewardDiv2: sellFees.dividend,
            rewardLP: sellFees.pool,
            sendGAS: m.sendGas,
            autoSwap: m.autoSwap
        });
    }

    /// @inheritdoc IMiningToken
    function isWhiteList(address account) external view returns (bool) {
        return _lasts[account].whiteListed;
    }

    /// @inheritdoc IMiningToken
    function userLasts(address account) external view returns (uint256 lastBuy, uint256 whiteBought) {
        Last memory last = _lasts[account];
        return (last.lastBuy, last.whiteBought);
    }

    /// @inheritdoc IMiningToken
    function lpReward() external view returns (uint256) {
        return _lpReward;
    }

    // ---------------------------------------------------------------- actions

    /// @inheritdoc IMiningToken
    function burnPool() external {
        uint256 amount = balanceOf(_DEAD);
        if (amount == 0) revert NothingToBurn();
        _burn(_DEAD, amount);
        emit PoolBurned(amount);
    }

    /// @inheritdoc IMiningToken
    function setMiningSettings(MiningSettings calldata settings) external onlyOwner {
        _setMiningSettings(settings);
    }

    /// @inheritdoc IMiningToken
    function setWhiteList(address[] calldata accounts, bool whiteListed) external onlyOwner {
        for (uint256 i = 0; i < accounts.length; ++i) {
            if (accounts[i] == address(0)) revert ZeroAddress();
            _lasts[accounts[i]].whiteListed = whiteListed;
            emit WhiteListUpdated(accounts[i], whiteListed);
        }
    }

    // ---------------------------------------------------------------- internals

    /// @dev On a non-exempt buy once trading is open: records the buy and applies the whitelist window.
    function _update(address from, address to, uint256 value) internal override {
        if (from == swapPair() && to != address(0) && _isOpen() && !isFeeExempt(to)) {
            _recordBuy(to, value);
        }
        super._update(from, to, value);
    }

    function _recordBuy(address buyer, uint256 value) private {
        Last memory last = _lasts[buyer];
        MiningState memory m = _mining;
        (uint256 openTime,) = _openingOf();
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < openTime + m.whiteTime) {
            if (!last.whiteListed) revert NotWhiteListed(buyer);
            uint256 bought = uint256(last.whiteBought) + value;
            if (bought > m.whiteMax) revert WhiteMaxExceeded(value, m.whiteMax - last.whiteBought);
            // bought <= whiteMax <= type(uint96).max
            last.whiteBought = uint96(bought);
        }
        last.lastBuy = uint40(block.timestamp);
        _lasts[buyer] = last;
    }

    /// @dev Adds the pool share (computed as the base does: the total less the four rounded-down shares) to
    ///      `lpReward`.
    function _takeFees(address from, uint256 value, Fees memory fees)
        internal
        override
        returns (uint256 fee)
    {
        fee = super._takeFees(from, value, fees);
        if (fee != 0) {
            uint256 others = value * fees.burn / FEE_DENOMINATOR + value * fees.node / FEE_DENOMINATOR + value
                * fees.market / FEE_DENOMINATOR + value * fees.dividend / FEE_DENOMINATOR;
            _lpReward += fee - others;
        }
    }

    function _autoSwapAllowed() internal view override returns (bool) {
        return _mining.autoSwap;
    }

    function _setMiningSettings(MiningSettings memory s) private {
        if (s.whiteTime > MAX_WHITE_TIME) revert SettingTooHigh(s.whiteTime, MAX_WHITE_TIME);
        uint256 supply = totalSupply();
        if (s.whiteMax > supply) revert SettingTooHigh(s.whiteMax, supply);
        if (s.sendGAS > MAX_GAS) revert SettingTooHigh(s.sendGAS, MAX_GAS);
        // every value is within its cap, and the caps fit the packed fields (supply <= type(uint96).max)
        _mining = MiningState({
            whiteTime: uint32(s.whiteTime),
            whiteMax: uint96(s.whiteMax),
            sendGas: uint32(s.sendGAS),
            autoSwap: s.autoSwap
        });
        emit MiningSettingsUpdated(s);
    }
}
