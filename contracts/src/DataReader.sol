// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IStaking, IStakingIncome} from "./interfaces/IStaking.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {IIdo} from "./interfaces/IIdo.sol";
import {StakingMath} from "./libraries/StakingMath.sol";
import {PairPrice} from "./libraries/PairPrice.sol";

/// @title DataReader: batched, read-only views over Presale, Ido, Staking and token balances
/// @notice Lets a page load a member's whole picture in one call (`getUserInfo`), several members at once
///         (`getUsers`), lists that grow paged (`getInvitesInfo`, `getIndirectsInfo`, `getOrders`), and the
///         Staking figures that do not fit in Staking's code (`getTotals`, `owed`, `orderIsUSDT`), which it
///         decodes from Staking's ERC-7201 storage through `Staking.extsload`. Holds nothing, changes nothing;
///         redeploy it with Staking whenever Staking's storage layout changes.
contract DataReader {
    /// @notice A member as every page needs it.
    /// @param member The registry record.
    /// @param stake The Staking record.
    /// @param team The Staking team record.
    /// @param ido The IDO record (all zero when no Ido is wired).
    /// @param usdtBalance / tokenBalance The member's USDT and project-token balances.
    /// @param usdtAllowance / tokenAllowance What the member has approved to Staking.
    /// @param nativeBalance The member's BNB.
    // solhint-disable-next-line gas-struct-packing
    struct UserInfo {
        IPresale.User member;
        IStaking.User stake;
        IStaking.Team team;
        IIdo.User ido;
        uint256 usdtBalance;
        uint256 tokenBalance;
        uint256 usdtAllowance;
        uint256 tokenAllowance;
        uint256 nativeBalance;
    }

    /// @notice How a token deposit now would be valued (Staking's `_observe` and `_tokenPrice`, read only).
    /// @param fbPrice The configured price, USDT per token (18 decimals).
    /// @param twap The pair's average price a deposit now would compare it with (0: none).
    /// @param price What a deposit now would value a token at: the lower of the two (0 when refused).
    /// @param spot The pair's price now, from its reserves: a deposit is valued at no more than it.
    /// @param refusal Why a deposit now would be refused: "" (it would not), "PriceUnavailable" or
    ///        "PriceDeviation".
    /// @param pair / window / maxDeviation Staking's price oracle settings (`setPriceOracle`).
    struct TokenPrice {
        uint256 fbPrice;
        uint256 twap;
        uint256 price;
        uint256 spot;
        string refusal;
        address pair;
        uint256 window;
        uint256 maxDeviation;
    }

    /// @notice A member's referral, team and node income (USDT): `credited` in total, of which `vested`, of
    ///         which `claimed`; `claimable` = vested - claimed; the last of it vests at `vestEnd` (0: all has).
    struct Income {
        uint256 credited;
        uint256 vested;
        uint256 claimed;
        uint256 claimable;
        uint256 vestEnd;
    }

    /// @notice A second-generation invitee who staked and the direct invitee between them.
    struct Indirect {
        address via;
        IStaking.Invitee invitee;
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.Staking")) - 1)) & ~bytes32(uint256(0xff))
    uint256 private constant _BASE = 0x589d9b356feae775c423b14005e017a9c1b0d029da925f27b10be26b545d1500;
    // Slots of Staking's storage struct (src/Staking.sol, StakingStorage), from _BASE.
    // (presale, usdt, token, settings: 12 slots, hot, tiers: 5 x 2, levels: 5, then these)
    uint256 private constant _TOTALS = 31; // totalAmount 96 | totalStatic 96 | totalOrder 32 | totalUser 32
    uint256 private constant _REWARDS = 32; // totalRewardInvite 128 | totalRewardTeam 128; then totalExtract, owed[2]
    uint256 private constant _ORDERS = 39; // mapping(uint256 => OrderData), kind in the top byte of slot 1
    uint256 private constant _MEMBERS = 36; // mapping(address => Member): slot 3 claimed
    uint256 private constant _INCOME = 41; // income rates 64 | node count 32 | node dividend credited 128
    uint256 private constant _ORACLE = 45; // pair | window 32 | maxDeviation 16 | tokenIsToken0; observation: 2 slots

    IStaking private immutable _STAKING;
    IPresale private immutable _PRESALE;
    IIdo private immutable _IDO;

    /// @param staking_ The Staking proxy.
    /// @param ido_ The Ido proxy (zero: IDO records read as zero).
    constructor(address staking_, address ido_) {
        _STAKING = IStaking(staking_);
        _PRESALE = IPresale(IStaking(staking_).presale());
        _IDO = IIdo(ido_);
    }

    /// @notice Everything the pages show about `account`, in one call.
    function getUserInfo(address account) public view returns (UserInfo memory info) {
        IStaking s = _STAKING;
        info.member = _PRESALE.users(account);
        info.stake = s.users(account);
        info.team = s.teams(account);
        if (address(_IDO) != address(0)) info.ido = _IDO.getUserInfo(account);
        IERC20 usdt = IERC20(s.usdt());
        info.usdtBalance = usdt.balanceOf(account);
        info.usdtAllowance = usdt.allowance(account, address(s));
        address token = s.token();
        if (token != address(0)) {
            info.tokenBalance = IERC20(token).balanceOf(account);
            info.tokenAllowance = IERC20(token).allowance(account, address(s));
        }
        info.nativeBalance = account.balance;
    }

    /// @notice `getUserInfo` of each of `accounts`.
    function getUsers(address[] calldata accounts) external view returns (UserInfo[] memory infos) {
        infos = new UserInfo[](accounts.length);
        for (uint256 i = 0; i < accounts.length; ++i) {
            infos[i] = getUserInfo(accounts[i]);
        }
    }

    /// @notice `account`'s BNB and its balance of each of `tokens`.
    function getBalance(address account, address[] calldata tokens)
        external
        view
        returns (uint256 native, uint256[] memory balances)
    {
        native = account.balance;
        balances = new uint256[](tokens.length);
        for (uint256 i = 0; i < tokens.length; ++i) {
            balances[i] = IERC20(tokens[i]).balanceOf(account);
        }
    }

    /// @notice `account`'s direct invitees who staked (as `Staking.userInvites`) with their team records.
    function getInvitesInfo(address account, uint256 offset, uint256 limit)
        external
        view
        returns (IStaking.Invitee[] memory invitees, IStaking.Team[] memory teams, uint256 total)
    {
        (invitees, total) = _STAKING.userInvites(account, offset, limit);
        teams = new IStaking.Team[](invitees.length);
        for (uint256 i = 0; i < invitees.length; ++i) {
            teams[i] = _STAKING.teams(invitees[i].account);
        }
    }

    /// @notice `account`'s second-generation invitees who staked, direct invitee by direct invitee (each in
    ///         the order they first staked), `limit` from `offset`. Costs one call per direct invitee.
    /// @return page The page.
    /// @return total How many second-generation invitees staked.
    function getIndirectsInfo(address account, uint256 offset, uint256 limit)
        external
        view
        returns (Indirect[] memory page, uint256 total)
    {
        IStaking s = _STAKING;
        (IStaking.Invitee[] memory directs,) = s.userInvites(account, 0, type(uint256).max);
        uint256[] memory counts = new uint256[](directs.length);
        for (uint256 i = 0; i < directs.length; ++i) {
            (, counts[i]) = s.userInvites(directs[i].account, 0, 0);
            total += counts[i];
        }
        uint256 size = offset < total ? total - offset : 0;
        if (limit < size) size = limit;
        page = new Indirect[](size);
        uint256 filled;
        for (uint256 i = 0; i < directs.length && filled < size; ++i) {
            if (counts[i] < offset + 1) {
                offset -= counts[i];
                continue;
            }
            (IStaking.Invitee[] memory part,) = s.userInvites(directs[i].account, offset, size - filled);
            offset = 0;
            for (uint256 j = 0; j < part.length; ++j) {
                page[filled] = Indirect({via: directs[i].account, invitee: part[j]});
                ++filled;
            }
        }
    }

    /// @notice `account`'s orders `limit` from its `offset`-th, with the asset each was paid in, how its lock
    ///         was shortened when it opened and the fee its release would pay now.
    /// @return orders The page.
    /// @return isUSDT Whether each order was paid in USDT.
    /// @return accelerations The acceleration each order got (`Accelerated` events give the seconds saved).
    /// @return fees The fee each open order would pay if released now (`Staking.releaseFee`).
    /// @return total How many orders `account` has made.
    function getOrders(address account, uint256 offset, uint256 limit)
        external
        view
        returns (
            IStaking.Order[] memory orders,
            bool[] memory isUSDT,
            IStaking.Acceleration[] memory accelerations,
            uint256[] memory fees,
            uint256 total
        )
    {
        IStaking s = _STAKING;
        total = s.users(account).orders;
        uint256 size = offset < total ? total - offset : 0;
        if (limit < size) size = limit;
        orders = new IStaking.Order[](size);
        isUSDT = new bool[](size);
        accelerations = new IStaking.Acceleration[](size);
        fees = new uint256[](size);
        for (uint256 i = 0; i < size; ++i) {
            uint256 index = s.userOrderIndex(account, offset + i);
            orders[i] = s.orders(index);
            uint256 kind = _orderKind(index);
            isUSDT[i] = kind > 127;
            accelerations[i] = IStaking.Acceleration((kind >> 5) & 3);
            fees[i] = s.releaseFee(index);
        }
    }

    /// @notice `account`'s referral, team and node income: credited, vested, claimed and claimable.
    function getIncome(address account) external view returns (Income memory income) {
        IStakingIncome schedules = IStakingIncome(address(_STAKING));
        (income.credited, income.vested) = schedules.income(account);
        income.claimed = uint128(_load(uint256(keccak256(abi.encode(account, _BASE + _MEMBERS))) + 3, 1)[0]);
        income.claimable = income.vested > income.claimed ? income.vested - income.claimed : 0;
        income.vestEnd = schedules.vestEnd(account);
    }

    /// @notice How a Staking token deposit now would be valued, and why it would be refused if it would.
    function tokenPrice() external view returns (TokenPrice memory p) {
        uint256[] memory words = _range(_ORACLE, 3); // oracle, observation cumulative, time | span | price
        p.fbPrice = _STAKING.getConfig().fbPrice;
        p.pair = address(uint160(words[0]));
        p.window = uint32(words[0] >> 160);
        p.maxDeviation = uint16(words[0] >> 192);
        p.refusal = "PriceUnavailable";
        if (p.pair == address(0)) return p;
        bool tokenIsToken0 = (words[0] >> 208) & 1 == 1;
        p.spot = PairPrice.spot(p.pair, tokenIsToken0);
        uint256 time = uint32(words[2]);
        uint256 span = uint32(words[2] >> 32);
        p.twap = words[2] >> 64;
        uint256 elapsed = block.timestamp - time;
        if (!(elapsed < p.window)) {
            uint256 cumulative = PairPrice.cumulative(p.pair, tokenIsToken0);
            unchecked {
                p.twap = StakingMath.averagePrice(cumulative - words[1], elapsed);
            }
            span = elapsed;
        }
        if (p.twap == 0 || span > 2 * p.window) return p;
        (uint256 price, bool withinBound) =
            StakingMath.depositPrice(p.fbPrice, p.twap, p.spot, p.maxDeviation);
        p.refusal = !withinBound ? "PriceDeviation" : price == 0 ? "PriceUnavailable" : "";
        if (bytes(p.refusal).length == 0) p.price = price;
    }

    /// @notice Staking's running totals (`totalReward`: static income reserved plus the referral, team and node
    ///         income credited).
    function getTotals() external view returns (IStaking.Totals memory t) {
        uint256[] memory words = _range(_TOTALS, 3);
        uint256 totals = words[0];
        t.totalAmount = uint96(totals);
        t.totalOrder = uint32(totals >> 192);
        t.totalUser = totals >> 224;
        t.totalRewardInvite = uint128(words[1]);
        t.totalRewardTeam = words[1] >> 128;
        t.totalReward = uint96(totals >> 96) + t.totalRewardInvite + t.totalRewardTeam + _nodeCredited();
        t.totalExtract = words[2];
        t.lastIndex = t.totalOrder;
    }

    /// @notice What Staking owes in `token`: principal and static income of open orders, plus (for USDT)
    ///         referral, team and node income credited and unclaimed.
    function owed(address token) external view returns (uint256 total) {
        IStaking s = _STAKING;
        uint256[] memory words = _range(_REWARDS, 4); // rewards, extract, owed[token], owed[USDT]
        if (token == s.usdt()) {
            total = uint128(words[3]) + (words[3] >> 128) + uint128(words[0]) + (words[0] >> 128)
                + _nodeCredited() - words[1];
        }
        if (token != address(0) && token == s.token()) total += uint128(words[2]) + (words[2] >> 128);
    }

    /// @notice Whether Staking order `index` was paid in USDT (false: project tokens, or no such order).
    function orderIsUSDT(uint256 index) external view returns (bool) {
        return _orderKind(index) > 127;
    }

    /// @dev The top byte of the order's second slot: tier | acceleration << 5 | isUSDT << 7.
    function _orderKind(uint256 index) private view returns (uint256) {
        return _load(uint256(keccak256(abi.encode(index, _BASE + _ORDERS))) + 1, 1)[0] >> 248;
    }

    function _nodeCredited() private view returns (uint256) {
        return uint128(_range(_INCOME, 1)[0] >> 96);
    }

    function _range(uint256 offset, uint256 count) private view returns (uint256[] memory) {
        return _load(_BASE + offset, count);
    }

    /// @dev `count` consecutive storage words of Staking from slot `first`.
    function _load(uint256 first, uint256 count) private view returns (uint256[] memory words) {
        bytes32[] memory slots = new bytes32[](count);
        for (uint256 i = 0; i < count; ++i) {
            slots[i] = bytes32(first + i);
        }
        bytes32[] memory values = _STAKING.extsload(slots);
        words = new uint256[](count);
        for (uint256 i = 0; i < count; ++i) {
            words[i] = uint256(values[i]);
        }
    }
}
