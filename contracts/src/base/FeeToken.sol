// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {TransientSlot} from "@openzeppelin/contracts/utils/TransientSlot.sol";
import {IFeeToken} from "../interfaces/IFeeToken.sol";
import {IUniswapV2Factory, IUniswapV2Pair, IUniswapV2Router} from "../interfaces/IUniswapV2.sol";
import {TokenVault} from "./TokenVault.sol";

/// @title FeeToken: the shared base of the product's tokens (see IFeeToken and docs/tokens.md)
/// @notice The whole supply is minted once to `holder`; nobody can mint more. Holders can burn.
/// @dev Fee shares are plain balance moves out of the amount the payer sends, so on a buy the pair's balance
///      drops by exactly what the pair released and on a sell it rises by exactly what the router measures:
///      the pair's balance equals its reserves after every swap (nothing to skim, nothing burned from the
///      pair's own liquidity). Swap-and-liquify runs under a transient lock, never on a buy (the pair is
///      locked then), and its swap must return at least the output at the reserves seen by the first
///      pair transfer of the block (before anyone in the block moved the price) less `swapSlippage`.
abstract contract FeeToken is IFeeToken, ERC20, ERC20Burnable, Ownable2Step {
    using SafeERC20 for IERC20;
    using TransientSlot for *;

    /// @inheritdoc IFeeToken
    uint256 public constant FEE_DENOMINATOR = 10_000;
    /// @inheritdoc IFeeToken
    uint256 public constant MAX_FEE_RATE = 1000;
    /// @inheritdoc IFeeToken
    uint256 public constant MAX_TOTAL_FEE = 2500;
    /// @inheritdoc IFeeToken
    uint256 public constant MAX_SWAP_SLIPPAGE = 2000;

    /// @dev Where swap-and-liquify's LP tokens go: locked for good.
    address internal constant _DEAD = 0x000000000000000000000000000000000000dEaD;
    /// @dev keccak256(abi.encode(uint256(keccak256("taichi.transient.FeeToken.swapLock")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _SWAP_LOCK = 0x115af297be386d31162ab06891a4b6ec3f22a1cbad194fcc6e0179093c19d900;

    /// @dev Flags of an account, one slot.
    struct Flags {
        bool exempt;
        bool blackListed;
    }

    /// @dev What every transfer reads, one slot. `pending` counts the pool shares taken since the last
    ///      swap-and-liquify (at most the token's own balance, so at most the supply).
    struct Settings {
        uint32 openTime;
        uint32 startBlock;
        uint96 swapThreshold;
        uint96 pending;
    }

    /// @dev The pair's reserves as the first pair transfer of block `blockNumber` found them.
    struct Reference {
        uint112 reserveToken;
        uint112 reserveUsdt;
        uint32 blockNumber;
    }

    IUniswapV2Router private immutable _ROUTER;
    IERC20 private immutable _USDT;
    address private immutable _PAIR;
    address private immutable _VAULT;
    bool private immutable _TOKEN_IS_TOKEN0;

    mapping(address account => Flags) private _flags;
    Fees private _buyFees;
    Fees private _sellFees;
    Settings private _settings;
    uint16 private _swapSlippage;
    Reference private _reference;
    Accounts private _accounts;

    /// @param name_ ERC20 name.
    /// @param symbol_ ERC20 symbol.
    /// @param initialOwner Owner (Ownable2Step); fee-exempt.
    /// @param holder Receives the whole supply; fee-exempt (it seeds the liquidity before trading opens).
    /// @param supply The fixed supply (18 decimals).
    /// @param router_ The Uniswap-V2 / PancakeSwap-V2 router; the USDT pair is created on its factory.
    /// @param usdt_ The quote token.
    /// @param accounts_ Fee destinations and related accounts (market, node and distributor non-zero).
    constructor(
        string memory name_,
        string memory symbol_,
        address initialOwner,
        address holder,
        uint256 supply,
        address router_,
        address usdt_,
        Accounts memory accounts_
    ) ERC20(name_, symbol_) Ownable(initialOwner) {
        if (router_ == address(0) || usdt_ == address(0) || holder == address(0)) {
            revert ZeroAddress();
        }
        if (supply > type(uint96).max) revert SupplyTooLarge(supply, type(uint96).max);
        _ROUTER = IUniswapV2Router(router_);
        _USDT = IERC20(usdt_);
        IUniswapV2Factory factory = IUniswapV2Factory(_ROUTER.factory());
        address pair_ = factory.getPair(address(this), usdt_);
        if (pair_ == address(0)) pair_ = factory.createPair(address(this), usdt_);
        _PAIR = pair_;
        _TOKEN_IS_TOKEN0 = address(this) < usdt_;
        _VAULT = address(new TokenVault(_USDT));
        _approve(address(this), router_, type(uint256).max);
        _USDT.forceApprove(router_, type(uint256).max);

        _mint(holder, supply);
        _setFeeExempt(initialOwner, true);
        _setFeeExempt(holder, true);
        _setFeeExempt(address(this), true);
        _setAccounts(accounts_);
        // defaults: buy 3% (pool, node, dividend 1% each), sell 5% (1% to each destination)
        _setFees(Fees(0, 100, 100, 0, 100), Fees(100, 100, 100, 100, 100));
        _setSwapSettings(supply / 10_000, 500);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IFeeToken
    function getFees() public view returns (Fees memory buyFees, Fees memory sellFees) {
        return (_buyFees, _sellFees);
    }

    /// @inheritdoc IFeeToken
    function getAccounts() public view returns (Accounts memory) {
        return _accounts;
    }

    /// @inheritdoc IFeeToken
    function isFeeExempt(address account) public view returns (bool) {
        return _flags[account].exempt;
    }

    /// @inheritdoc IFeeToken
    function isBlackList(address account) external view returns (bool) {
        return _flags[account].blackListed;
    }

    /// @inheritdoc IFeeToken
    function isProtected(address account) public view returns (bool) {
        Accounts storage a = _accounts;
        return account == _PAIR || account == address(this) || account == address(_ROUTER)
            || account == _VAULT || account == _DEAD || account == a.market || account == a.node
            || account == a.main || account == a.distributor || _flags[account].exempt;
    }

    /// @inheritdoc IFeeToken
    function tradingOpen() external view returns (bool) {
        return _isOpen();
    }

    /// @inheritdoc IFeeToken
    function swapPair() public view returns (address) {
        return _PAIR;
    }

    /// @inheritdoc IFeeToken
    function router() public view returns (address) {
        return address(_ROUTER);
    }

    /// @inheritdoc IFeeToken
    function usdt() public view returns (address) {
        return address(_USDT);
    }

    /// @inheritdoc IFeeToken
    function getSwapSettings() external view returns (uint256 swapThreshold, uint256 swapSlippage) {
        return (_settings.swapThreshold, _swapSlippage);
    }

    /// @inheritdoc IFeeToken
    function getPrice() external view returns (uint256) {
        (uint256 reserveToken, uint256 reserveUsdt) = _reserves();
        if (reserveToken == 0) return 0;
        return reserveUsdt * 1e18 / reserveToken;
    }

    /// @inheritdoc IFeeToken
    function getSwapValueUSDT(uint256 amount) external view returns (uint256) {
        uint256 net = amount - _feeTotal(amount, _sellFees);
        (uint256 reserveToken, uint256 reserveUsdt) = _reserves();
        if (net == 0 || reserveToken == 0 || reserveUsdt == 0) return 0;
        return _ROUTER.getAmountsOut(net, _path())[1];
    }

    // ---------------------------------------------------------------- swap and liquify

    /// @inheritdoc IFeeToken
    function swapAndLiquify() external {
        if (_SWAP_LOCK.asBoolean().tload()) revert SwapLocked();
        uint256 balance = balanceOf(address(this));
        uint256 threshold = _settings.swapThreshold;
        if (balance < threshold) revert BelowSwapThreshold(balance, threshold);
        _recordReference();
        _swapAndLiquify(balance, true);
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc IFeeToken
    function setFees(Fees calldata buyFees, Fees calldata sellFees) external onlyOwner {
        _setFees(buyFees, sellFees);
    }

    /// @inheritdoc IFeeToken
    function setAccounts(Accounts calldata accounts_) external onlyOwner {
        _setAccounts(accounts_);
    }

    /// @inheritdoc IFeeToken
    function setFeeExempt(address account, bool exempt) external onlyOwner {
        _setFeeExempt(account, exempt);
    }

    /// @inheritdoc IFeeToken
    function setBlackList(address account, bool blackListed) external onlyOwner {
        if (blackListed && isProtected(account)) revert ProtectedAccount(account);
        _flags[account].blackListed = blackListed;
        emit BlackListUpdated(account, blackListed);
    }

    /// @inheritdoc IFeeToken
    function setOpening(uint256 openTime, uint256 startBlock) external onlyOwner {
        Settings storage s = _settings;
        if (_isOpen()) revert TradingAlreadyOpen(s.openTime, s.startBlock);
        s.openTime = uint32(_min(openTime, type(uint32).max));
        s.startBlock = uint32(_min(startBlock, type(uint32).max));
        emit OpeningUpdated(s.openTime, s.startBlock);
    }

    /// @inheritdoc IFeeToken
    function setSwapSettings(uint256 swapThreshold, uint256 swapSlippage) external onlyOwner {
        _setSwapSettings(swapThreshold, swapSlippage);
    }

    // ---------------------------------------------------------------- internals

    /// @dev Applies the blacklist, the opening rule, swap-and-liquify and the fees to every transfer between
    ///      accounts; mints and burns pass through.
    function _update(address from, address to, uint256 value) internal virtual override {
        if (from == address(0) || to == address(0)) {
            super._update(from, to, value);
            return;
        }
        Flags memory fromFlags = _flags[from];
        if (fromFlags.blackListed) revert BlackListed(from);
        // the transfers swap-and-liquify makes itself: no fee, no nested swap
        if (_SWAP_LOCK.asBoolean().tload()) {
            super._update(from, to, value);
            return;
        }
        address pair_ = _PAIR;
        bool isBuy = from == pair_;
        bool isSell = to == pair_;
        Settings memory s = _settings;
        bool open = _opened(s);
        // between wallets: no fee (a blacklisted account may receive, but can never move what it holds)
        if (!isBuy && !isSell) {
            if (open && _swapDue(s) && _autoSwapAllowed()) {
                _swapAndLiquify(balanceOf(address(this)), false);
            }
            super._update(from, to, value);
            return;
        }
        Flags memory toFlags = _flags[to];
        if (toFlags.blackListed) revert BlackListed(to);
        _recordReference();
        // never on a buy: the pair is mid-swap (and locked) while it sends the bought tokens
        if (isSell && open && _swapDue(s) && _autoSwapAllowed()) {
            _swapAndLiquify(balanceOf(address(this)), false);
        }
        if (fromFlags.exempt || toFlags.exempt) {
            super._update(from, to, value);
            return;
        }
        if (!open) revert TradingNotOpen(s.openTime, s.startBlock);
        uint256 fee = _takeFees(from, value, isBuy ? _buyFees : _sellFees);
        // fee <= value: rates add up to at most 25%
        unchecked {
            super._update(from, to, value - fee);
        }
    }

    /// @dev Moves the fee on `value` from `from` to its destinations and returns it. Each share but the pool's
    ///      is rounded down; the pool share takes the rounding rest, so the total is exactly
    ///      `value * total rate / 10000` rounded down.
    function _takeFees(address from, uint256 value, Fees memory fees) internal virtual returns (uint256 fee) {
        fee = _feeTotal(value, fees);
        if (fee == 0) return 0;
        Accounts storage a = _accounts;
        uint256 burnShare = value * fees.burn / FEE_DENOMINATOR;
        uint256 nodeShare = value * fees.node / FEE_DENOMINATOR;
        uint256 marketShare = value * fees.market / FEE_DENOMINATOR;
        uint256 dividendShare = value * fees.dividend / FEE_DENOMINATOR;
        // the four rounded-down shares add up to at most the rounded-down total
        uint256 poolShare;
        unchecked {
            poolShare = fee - burnShare - nodeShare - marketShare - dividendShare;
        }
        if (burnShare != 0) super._update(from, address(0), burnShare);
        if (poolShare != 0) {
            super._update(from, address(this), poolShare);
            // poolShare <= the supply <= type(uint96).max, and pending never exceeds the token's own balance
            _settings.pending += uint96(poolShare);
        }
        if (nodeShare != 0) super._update(from, a.node, nodeShare);
        if (marketShare != 0) super._update(from, a.market, marketShare);
        if (dividendShare != 0) super._update(from, a.distributor, dividendShare);
    }

    /// @dev The total fee on `value`, rounded down.
    function _feeTotal(uint256 value, Fees memory fees) internal pure returns (uint256) {
        uint256 rate = uint256(fees.burn) + fees.pool + fees.node + fees.market + fees.dividend;
        return value * rate / FEE_DENOMINATOR;
    }

    /// @dev Swaps half of `amount` pool tokens for USDT (through the vault) and adds the rest with all USDT held
    ///      to liquidity. When the swap cannot return the bound, reverts if `strict`, else skips.
    function _swapAndLiquify(uint256 amount, bool strict) private {
        uint256 half = amount / 2;
        uint256 minOut = _minUsdtOut(half);
        if (minOut == 0) {
            if (strict) revert SwapFailed(half, minOut);
            emit SwapAndLiquifySkipped(half, minOut);
            return;
        }
        _SWAP_LOCK.asBoolean().tstore(true);
        try _ROUTER.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            half, minOut, _path(), _VAULT, block.timestamp
        ) {}
        catch {
            _SWAP_LOCK.asBoolean().tstore(false);
            if (strict) revert SwapFailed(half, minOut);
            emit SwapAndLiquifySkipped(half, minOut);
            return;
        }
        uint256 received = _USDT.balanceOf(_VAULT);
        _USDT.safeTransferFrom(_VAULT, address(this), received);
        uint256 tokensAdded;
        uint256 usdtAdded;
        uint256 liquidity;
        // the price was just set by this contract's own swap in this call: nobody can move it in between
        try _ROUTER.addLiquidity(
            address(this),
            address(_USDT),
            amount - half,
            _USDT.balanceOf(address(this)),
            0,
            0,
            _DEAD,
            block.timestamp
        ) returns (
            uint256 amountToken, uint256 amountUsdt, uint256 lp
        ) {
            (tokensAdded, usdtAdded, liquidity) = (amountToken, amountUsdt, lp);
        } catch {}
        _SWAP_LOCK.asBoolean().tstore(false);
        _settings.pending = 0;
        emit SwappedAndLiquified(half, received, tokensAdded, usdtAdded, liquidity);
    }

    /// @dev The least USDT the swap of `tokens` must return: the router's own output at the block's reference
    ///      reserves (its DEX's fee: 0.3% on Uniswap V2, 0.25% on PancakeSwap V2), less `swapSlippage`. Zero when
    ///      the pair has no liquidity.
    function _minUsdtOut(uint256 tokens) private view returns (uint256) {
        Reference memory r = _reference;
        (uint256 reserveToken, uint256 reserveUsdt) = r.blockNumber == uint32(block.number)
            ? (uint256(r.reserveToken), uint256(r.reserveUsdt))
            : _reserves();
        if (reserveToken == 0 || reserveUsdt == 0 || tokens == 0) return 0;
        uint256 out = _ROUTER.getAmountOut(tokens, reserveToken, reserveUsdt);
        return out * (FEE_DENOMINATOR - _swapSlippage) / FEE_DENOMINATOR;
    }

    /// @dev Records the pair's reserves at the first pair transfer of the block, before it moves the price.
    function _recordReference() private {
        if (_reference.blockNumber == uint32(block.number)) return;
        (uint256 reserveToken, uint256 reserveUsdt) = _reserves();
        _reference = Reference(uint112(reserveToken), uint112(reserveUsdt), uint32(block.number));
    }

    function _reserves() internal view returns (uint256 reserveToken, uint256 reserveUsdt) {
        (uint112 reserve0, uint112 reserve1,) = IUniswapV2Pair(_PAIR).getReserves();
        (reserveToken, reserveUsdt) = _TOKEN_IS_TOKEN0 ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    function _path() private view returns (address[] memory path) {
        path = new address[](2);
        path[0] = address(this);
        path[1] = address(_USDT);
    }

    function _isOpen() internal view returns (bool) {
        return _opened(_settings);
    }

    /// @dev Open from the second `openTime` and the block `startBlock` on, both reached.
    function _opened(Settings memory s) private view returns (bool) {
        return s.openTime != 0 && !(block.timestamp < s.openTime) && !(block.number < s.startBlock);
    }

    /// @dev Whether transfers may start a swap-and-liquify on their own (a variant can turn it off; the explicit
    ///      `swapAndLiquify()` always works). Read only once a run is due.
    function _autoSwapAllowed() internal view virtual returns (bool) {
        return true;
    }

    /// @dev Pool shares taken since the last swap-and-liquify reached the threshold.
    function _swapDue(Settings memory s) private pure returns (bool) {
        return s.pending != 0 && !(s.pending < s.swapThreshold);
    }

    function _openingOf() internal view returns (uint256 openTime, uint256 startBlock) {
        return (_settings.openTime, _settings.startBlock);
    }

    function _setFees(Fees memory buyFees, Fees memory sellFees) private {
        _checkFees(buyFees);
        _checkFees(sellFees);
        _buyFees = buyFees;
        _sellFees = sellFees;
        emit FeesUpdated(buyFees, sellFees);
    }

    function _checkFees(Fees memory fees) private pure {
        uint16[5] memory rates = [fees.burn, fees.pool, fees.node, fees.market, fees.dividend];
        uint256 total;
        for (uint256 i = 0; i < rates.length; ++i) {
            if (rates[i] > MAX_FEE_RATE) revert FeeRateTooHigh(rates[i], MAX_FEE_RATE);
            total += rates[i];
        }
        if (total > MAX_TOTAL_FEE) revert TotalFeeTooHigh(total, MAX_TOTAL_FEE);
    }

    function _setAccounts(Accounts memory accounts_) private {
        if (
            accounts_.market == address(0) || accounts_.node == address(0)
                || accounts_.distributor == address(0)
        ) {
            revert ZeroAddress();
        }
        address[4] memory roles = [accounts_.market, accounts_.node, accounts_.main, accounts_.distributor];
        for (uint256 i = 0; i < roles.length; ++i) {
            if (_flags[roles[i]].blackListed) revert BlackListed(roles[i]);
        }
        _accounts = accounts_;
        emit AccountsUpdated(accounts_);
    }

    function _setFeeExempt(address account, bool exempt) private {
        if (account == address(0)) revert ZeroAddress();
        if (exempt && _flags[account].blackListed) revert BlackListed(account);
        _flags[account].exempt = exempt;
        emit FeeExemptUpdated(account, exempt);
    }

    function _setSwapSettings(uint256 swapThreshold, uint256 swapSlippage) private {
        uint256 maxThreshold = totalSupply() / 100;
        if (swapThreshold == 0 || swapThreshold > maxThreshold) {
            revert SwapThresholdOutOfRange(swapThreshold, 1, maxThreshold);
        }
        if (swapSlippage > MAX_SWAP_SLIPPAGE) revert SlippageTooHigh(swapSlippage, MAX_SWAP_SLIPPAGE);
        // swapThreshold <= totalSupply / 100 <= type(uint96).max
        _settings.swapThreshold = uint96(swapThreshold);
        _swapSlippage = uint16(swapSlippage);
        emit SwapSettingsUpdated(swapThreshold, swapSlippage);
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }
}
