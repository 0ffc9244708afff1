// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {IPresale} from "./interfaces/IPresale.sol";

/// @title Presale: the referral registry behind an ERC1967 (UUPS) proxy
contract Presale is IPresale, Initializable, OwnableUpgradeable, UUPSUpgradeable {
    /// @custom:storage-location erc7201:taichi.storage.Presale
    struct PresaleStorage {
        mapping(address account => User) users;
        address manager;
        address root;
        uint256 totalUser;
        mapping(address account => bool) registrars;
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.Presale")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _STORAGE_LOCATION =
        0xf6c6005a5f12b62ae3a5811973c7000c94dae8262fe398c77e3fa5d357900100;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Sets the owner and manager and registers `root` as member 1.
    function initialize(address owner_, address manager_, address root_) external initializer {
        if (root_ == address(0)) revert ZeroAddress();
        __Ownable_init(owner_);
        PresaleStorage storage $ = _storage();
        $.manager = manager_;
        emit ManagerUpdated(address(0), manager_);
        _register($, root_, address(0));
    }

    /// @inheritdoc IPresale
    function register(address referrer) external {
        _checkedRegister(_storage(), msg.sender, referrer);
    }

    /// @inheritdoc IPresale
    function registerFor(address account, address referrer) external {
        PresaleStorage storage $ = _storage();
        if (!$.registrars[msg.sender]) revert NotRegistrar(msg.sender);
        if (account == address(0)) revert ZeroAddress();
        _checkedRegister($, account, referrer);
    }

    /// @inheritdoc IPresale
    function users(address account) external view returns (User memory) {
        return _storage().users[account];
    }

    /// @inheritdoc IPresale
    function getReferrers(address account)
        external
        view
        returns (bool registered, address referrer, address grandReferrer)
    {
        PresaleStorage storage $ = _storage();
        referrer = $.users[account].refer;
        if (referrer == address(0)) return (account == $.root, address(0), address(0));
        // Every member but the root has a registered, non-zero referrer.
        return (true, referrer, $.users[referrer].refer);
    }

    /// @inheritdoc IPresale
    function isRegistrar(address account) external view returns (bool) {
        return _storage().registrars[account];
    }

    /// @inheritdoc IPresale
    function getConfig() external view returns (Config memory) {
        PresaleStorage storage $ = _storage();
        return Config({manager: $.manager, root: $.root, totalUser: $.totalUser});
    }

    /// @inheritdoc IPresale
    function setManager(address manager_) external onlyOwner {
        PresaleStorage storage $ = _storage();
        address previous = $.manager;
        $.manager = manager_;
        emit ManagerUpdated(previous, manager_);
    }

    /// @inheritdoc IPresale
    function setRegistrar(address registrar, bool allowed) external onlyOwner {
        if (registrar == address(0)) revert ZeroAddress();
        _storage().registrars[registrar] = allowed;
        emit RegistrarUpdated(registrar, allowed);
    }

    /// @dev The rules every registration path shares, checked in the documented order.
    function _checkedRegister(PresaleStorage storage $, address account, address referrer) private {
        if ($.users[account].index != 0) revert AlreadyRegistered(account);
        if (referrer == account) revert SelfReferral();
        if ($.users[referrer].index == 0) revert ReferrerNotRegistered(referrer);
        _register($, account, referrer);
    }

    function _register(PresaleStorage storage $, address account, address referrer) private {
        uint256 index = ++$.totalUser;
        $.users[account] = User({index: index, refer: referrer, invites: 0, registeredAt: block.timestamp});
        if (referrer == address(0)) $.root = account;
        else ++$.users[referrer].invites;
        emit Registered(account, referrer, index);
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _storage() private pure returns (PresaleStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }
}
